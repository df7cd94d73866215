import { createResource, createSignal, For, Show } from 'solid-js';
import type { LatencyStats } from '../../sync/engine/telemetry/latencySummary';
import type { SyncTelemetryEvent } from '../../sync/engine/telemetry/syncTelemetry';
import type { SyncDiagnostics as Report } from '../../worker/sync/diagnosticsLog';
import { saveDownload } from '../notes/saveDownload';
import { syncApi, syncDiagnosticsVersion } from './syncSource';

/** Recent events listed (the export has every kept event). */
const SHOWN = 10;

export function formatMs(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

function statsText(s: LatencyStats | null): string {
  if (!s) return 'no events yet';
  return `median ${formatMs(s.medianMs)} · p95 ${formatMs(s.p95Ms)} (last ${s.count} event${s.count === 1 ? '' : 's'})`;
}

function eventText(e: SyncTelemetryEvent): string {
  const what = e.action === 'push_lag' ? 'Push lag' : `Edit to this device (${e.source ?? 'pull'})`;
  return `${new Date(e.at).toLocaleTimeString()} · ${what} · ${formatMs(e.durationMs)} · cursor ${e.value}`;
}

function packSeedText(s: { notes: number; packs: number; at: number }): string {
  const notes = `${s.notes.toLocaleString()} note${s.notes === 1 ? '' : 's'}`;
  const packs = `${s.packs.toLocaleString()} pack${s.packs === 1 ? '' : 's'}`;
  return `Seeded ${notes} from ${packs} (${new Date(s.at).toLocaleString()})`;
}

/**
 * Settings → Sync → Sync diagnostics: the engine's `sync_run_completed` events, which stay on this
 * device (docs/sync-client.md): median and p95 of push lag and of edit-to-device latency, the
 * recent events, whether the first sync seeded note bodies from packs (spec 3.7), a JSON export
 * and Clear. Re-read whenever the log changes, in any tab.
 */
export function SyncDiagnostics() {
  const [message, setMessage] = createSignal('');
  const [report, { refetch }] = createResource(
    () => syncDiagnosticsVersion(),
    async (): Promise<Report | { error: string } | null> => {
      try {
        return (await syncApi()?.diagnostics()) ?? null;
      } catch (err) {
        return { error: String(err) };
      }
    },
  );
  const ready = () => {
    const r = report.latest;
    return r && !('error' in r) ? r : null;
  };

  function exportAll() {
    const r = ready();
    if (!r) return;
    const text = JSON.stringify({ exportedAt: new Date().toISOString(), ...r }, null, 2);
    saveDownload(new Blob([text], { type: 'application/json' }), 'Cairn sync diagnostics.json');
    setMessage('Saved as “Cairn sync diagnostics.json”.');
  }
  async function clear() {
    try {
      await syncApi()?.clearDiagnostics();
      setMessage('Diagnostics cleared.');
    } catch (err) {
      setMessage(`The diagnostics could not be cleared: ${String(err)}`);
    }
    void refetch();
  }

  return (
    <section class="sync-diagnostics" aria-label="Sync diagnostics">
      <h4>Sync diagnostics</h4>
      <p class="hint">Measured on this device and kept here only: nothing is sent anywhere.</p>
      <Show when={report.latest && 'error' in report.latest ? report.latest : null}>
        {(failed) => <p role="alert">The diagnostics could not be read: {failed().error}</p>}
      </Show>
      <Show when={ready()} fallback={<p>Reading the diagnostics…</p>}>
        {(r) => (
          <>
            <dl class="sync-diagnostics-summary">
              <dt>Push lag</dt>
              <dd data-testid="sync-push-lag">{statsText(r().pushLag)}</dd>
              <dt>Edit to this device</dt>
              <dd data-testid="sync-e2e-latency">{statsText(r().e2eLatency)}</dd>
              <Show when={r().packSeed}>
                {(seed) => (
                  <>
                    <dt>First sync</dt>
                    <dd data-testid="sync-pack-seed">{packSeedText(seed())}</dd>
                  </>
                )}
              </Show>
            </dl>
            <Show
              when={r().events.length > 0}
              fallback={<p>No events yet: they appear once an edit has synced.</p>}
            >
              <ol class="sync-diagnostics-events" aria-label="Recent sync events">
                <For each={r().events.slice(0, SHOWN)}>{(e) => <li>{eventText(e)}</li>}</For>
              </ol>
            </Show>
            <div class="recovery-actions">
              <button type="button" onClick={exportAll} disabled={r().events.length === 0}>
                Export diagnostics
              </button>
              <button type="button" onClick={() => void clear()} disabled={r().events.length === 0}>
                Clear
              </button>
            </div>
          </>
        )}
      </Show>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </section>
  );
}
