/**
 * The engine's telemetry port (spec 6.2, `sync_run_completed`). Cairn has no telemetry service and
 * never phones home: the worker implements this port with a bounded log on the device that the
 * user can read, export and clear (Settings → Sync → Sync diagnostics, docs/sync-client.md).
 */

export type SyncTelemetryAction = 'push_lag' | 'e2e_latency';

export interface SyncTelemetryEvent {
  name: 'sync_run_completed';
  action: SyncTelemetryAction;
  /**
   * push_lag: push accepted minus row enqueued (device clock); e2e_latency: applied minus the
   * service's `committedAtMs`, the applied time moved to the service clock. Never negative.
   */
  durationMs: number;
  /** push_lag: the push response's `maxCursor`; e2e_latency: the applied item's (or frame's) cursor */
  value: number;
  /** e2e_latency only: how the item arrived */
  source?: 'pull' | 'socket';
  /** device clock, epoch ms, when the event was recorded */
  at: number;
}

export interface SyncTelemetry {
  /** must not throw nor block the engine: a sink that stores asynchronously catches its own failures */
  record(event: SyncTelemetryEvent): void;
}

/** Events of each action one run emits at most (spec 6.2). */
export const TELEMETRY_EVENTS_PER_RUN = 20;
/** An estimate above this is skipped: the item (or row) is older than 10 minutes (spec 6.2). */
export const TELEMETRY_MAX_AGE_MS = 10 * 60_000;
/** Socket-source events at most per minute (spec 6.2), one per frame. */
export const SOCKET_EVENTS_PER_MINUTE = 20;

/**
 * An estimate as the spec reports it: null (skipped) when older than 10 minutes, 0 when negative
 * (clock offset error can make a fast delivery look like it arrived before it was committed).
 */
export function reportable(estimateMs: number): number | null {
  if (!Number.isFinite(estimateMs) || estimateMs > TELEMETRY_MAX_AGE_MS) return null;
  return Math.max(0, Math.round(estimateMs));
}
