import { PACK_SEED_REPORT } from '../../sync/engine/packs/packPorts';
import { type LatencyStats, summarize } from '../../sync/engine/telemetry/latencySummary';
import type { SyncTelemetry, SyncTelemetryEvent } from '../../sync/engine/telemetry/syncTelemetry';
import type { VaultDb } from '../db/schema';

export { DIAGNOSTICS_TABLE } from './syncDiagnosticsTable';
/** Events kept on the device; older ones are dropped as new ones arrive. */
export const DIAGNOSTICS_KEPT = 500;
/** The medians and p95s are over each action's last this many events. */
export const DIAGNOSTICS_SUMMARY_OF = 100;

/** What Settings shows and exports. */
export interface SyncDiagnostics {
  /** every kept event, newest first */
  events: SyncTelemetryEvent[];
  summaryOf: number;
  pushLag: LatencyStats | null;
  e2eLatency: LatencyStats | null;
  /** this device's first sync seeded its note bodies from packs (spec 3.7); null: it did not */
  packSeed: PackSeedShown | null;
}

/** What the pack bootstrap wrote when it seeded anything (packBootstrap.ts `packSeedReport`). */
export interface PackSeedShown {
  notes: number;
  packs: number;
  at: number;
}

export interface DiagnosticsLogDeps {
  db: VaultDb;
  /** told after a write committed (ids of the rows written, or removed by a clear): the change feed */
  announce?: ((op: 'put' | 'delete', ids: string[]) => void) | undefined;
}

/**
 * The engine's telemetry port as a bounded log on this device (docs/sync-client.md, "Sync
 * diagnostics"). `record` never throws and never waits: events are buffered and written together
 * on a later microtask, one transaction per batch, which also drops what is past the last 500.
 */
export function createDiagnosticsLog(deps: DiagnosticsLogDeps) {
  const { db } = deps;
  let buffer: SyncTelemetryEvent[] = [];
  let writing: Promise<void> | null = null;

  async function write(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer;
      buffer = [];
      const ids = await db.transaction('rw', db.syncDiagnostics, async () => {
        const keys = await db.syncDiagnostics.bulkAdd(batch, { allKeys: true });
        const extra = (await db.syncDiagnostics.count()) - DIAGNOSTICS_KEPT;
        if (extra > 0) {
          const oldest = await db.syncDiagnostics.orderBy('seq').limit(extra).primaryKeys();
          await db.syncDiagnostics.bulkDelete(oldest);
        }
        return keys.map(String);
      });
      deps.announce?.('put', ids);
    }
  }

  const telemetry: SyncTelemetry = {
    record(event) {
      buffer.push(event);
      writing ??= Promise.resolve()
        .then(write)
        .catch((err: unknown) => {
          buffer = [];
          // a vault closing under the last run's events loses them; anything else is a bug
          if ((err as { name?: string }).name !== 'DatabaseClosedError')
            console.error('sync diagnostics', err);
        })
        .finally(() => {
          writing = null;
        });
    },
  };

  return {
    telemetry,
    /** resolves once every event recorded so far is stored (or dropped with the vault) */
    settled: (): Promise<void> => writing ?? Promise.resolve(),
    async read(): Promise<SyncDiagnostics> {
      const rows = await db.syncDiagnostics.orderBy('seq').toArray();
      const events = rows.map(({ seq: _seq, ...event }) => event);
      return {
        events: events.reverse(),
        summaryOf: DIAGNOSTICS_SUMMARY_OF,
        pushLag: summarize(rows, 'push_lag', DIAGNOSTICS_SUMMARY_OF),
        e2eLatency: summarize(rows, 'e2e_latency', DIAGNOSTICS_SUMMARY_OF),
        packSeed: ((await db.syncState.get(PACK_SEED_REPORT))?.value as PackSeedShown | undefined) ?? null,
      };
    },
    async clear(): Promise<void> {
      const ids = (await db.syncDiagnostics.toCollection().primaryKeys()).map(String);
      await db.syncDiagnostics.clear();
      if (ids.length > 0) deps.announce?.('delete', ids);
    },
  };
}

export type DiagnosticsLog = ReturnType<typeof createDiagnosticsLog>;
