import { offsetFrom, type RttSample } from './clockOffset';
import { reportable, type SyncTelemetryEvent, TELEMETRY_EVENTS_PER_RUN } from './syncTelemetry';

/** An item another device signed, applied (or merged as a conflict) by this run's pull. */
export interface AppliedFact {
  /** device clock right after the slice's transaction committed */
  appliedAt: number;
  /** service clock, from the pulled item */
  committedAtMs: number;
  cursor: number;
}

/**
 * Applied facts kept per run at most. The offset is only known at the end of the run (the lowest
 * round trip of ALL its changes pages), so facts are kept raw until then; a first sync applying
 * thousands of items keeps the first ones only (memory stays bounded).
 */
export const APPLIED_FACTS_PER_RUN = 1_000;

/**
 * What one sync run (one engine cycle) measured, turned into `sync_run_completed` events at its
 * end (spec 6.2): push lags as rows were accepted, e2e latencies of the pull's applied items with
 * the offset of the run's lowest-round-trip sample. At most 20 events of each action per run;
 * estimates over 10 minutes skipped; negative ones reported as 0.
 */
export function createRunTelemetry(now: () => number) {
  const samples: RttSample[] = [];
  const pushLags: SyncTelemetryEvent[] = [];
  const applied: AppliedFact[] = [];
  return {
    /** a changes page's round trip and `serverTimeMs` */
    sample(s: RttSample): void {
      samples.push(s);
    },
    /** rows a push just had accepted; `maxCursor` of that push's answer */
    pushAccepted(rows: readonly { enqueuedAt?: number | undefined }[], maxCursor: number | null): void {
      const at = now();
      for (const row of rows) {
        if (pushLags.length >= TELEMETRY_EVENTS_PER_RUN) return;
        if (row.enqueuedAt === undefined || maxCursor === null) continue;
        const durationMs = reportable(at - row.enqueuedAt);
        if (durationMs === null) continue;
        pushLags.push({ name: 'sync_run_completed', action: 'push_lag', durationMs, value: maxCursor, at });
      }
    },
    applied(fact: AppliedFact): void {
      if (applied.length < APPLIED_FACTS_PER_RUN) applied.push(fact);
    },
    /** the run's events and its offset (null when no changes page answered) */
    finish(): { events: SyncTelemetryEvent[]; offset: number | null } {
      const offset = offsetFrom(samples);
      const latencies: SyncTelemetryEvent[] = [];
      if (offset !== null) {
        const at = now();
        for (const fact of applied) {
          if (latencies.length >= TELEMETRY_EVENTS_PER_RUN) break;
          const durationMs = reportable(fact.appliedAt + offset - fact.committedAtMs);
          if (durationMs === null) continue;
          latencies.push({
            name: 'sync_run_completed',
            action: 'e2e_latency',
            durationMs,
            value: fact.cursor,
            source: 'pull',
            at,
          });
        }
      }
      return { events: [...pushLags, ...latencies], offset };
    },
  };
}

export type RunTelemetry = ReturnType<typeof createRunTelemetry>;
