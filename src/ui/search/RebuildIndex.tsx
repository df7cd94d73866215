import * as Comlink from 'comlink';
import { createSignal, onCleanup, Show } from 'solid-js';
import type { RebuildProgress } from '../../worker/indexing/searchIndexer';
import type { SearchStats } from '../../worker/search/searchIndex';
import type { VaultClient } from '../vault/createVaultClient';

const PHASES: Record<RebuildProgress['phase'], string> = {
  reading: 'Reading notes',
  loading: 'Loading',
  indexing: 'Indexing',
  merging: 'Merging',
  writing: 'Saving the index',
};

/** "Rebuild search index" with a progress bar; searching keeps working while it runs. */
export function RebuildIndex(props: { client: VaultClient }) {
  const [progress, setProgress] = createSignal<RebuildProgress | null>(null);
  const [running, setRunning] = createSignal(false);
  const [result, setResult] = createSignal<{ kind: 'status' | 'alert'; text: string } | null>(null);
  let stop: (() => Promise<void>) | null = null;
  void props.client.api.onSearchProgress(Comlink.proxy(setProgress)).then((s) => {
    stop = s;
  });
  onCleanup(() => void stop?.());

  async function rebuild() {
    setRunning(true);
    setResult(null);
    const res = await props.client.api.write('search.rebuildIndex', []);
    setRunning(false);
    setResult(
      res.ok
        ? {
            kind: 'status',
            text: `Search index rebuilt: ${(res.value as SearchStats).documents} notes and files.`,
          }
        : { kind: 'alert', text: res.error.message },
    );
  }

  return (
    <div class="rebuild-index">
      <button type="button" disabled={running()} onClick={() => void rebuild()}>
        Rebuild search index
      </button>
      <Show when={progress()}>
        {(p) => (
          <div role="status" class="progress">
            <progress
              aria-label="Rebuild progress"
              max={p().total || undefined}
              value={p().total ? p().done : undefined}
            />
            <span>
              {PHASES[p().phase]} {p().total ? `${p().done} of ${p().total}` : ''}…
            </span>
          </div>
        )}
      </Show>
      <Show when={result()}>{(r) => <p role={r().kind}>{r().text}</p>}</Show>
    </div>
  );
}
