import { type ItemKey, itemKey } from '../ports';
import { reportable, SOCKET_EVENTS_PER_MINUTE, type SyncTelemetry } from './syncTelemetry';

/** What the socket applier tells of one frame it applied. */
export interface AppliedFrame {
  cursor: number;
  /** the service's commit time of the frame's push; absent from a service without it */
  committedAtMs?: number | undefined;
  items: readonly { type: string; id: string; deviceId: string }[];
}

export interface SocketTelemetryDeps {
  sink: SyncTelemetry;
  now: () => number;
  deviceId: string;
  /** service clock minus device clock from the last run's lowest round trip; null before any */
  offset: () => number | null;
}

const MINUTE_MS = 60_000;

/**
 * The socket source of e2e_latency (spec 6.2): one event per applied frame, and at most 20 in any
 * minute (a sliding window), recorded at once (a frame belongs to no run). A frame counts when a
 * row it carried changed and another device signed that item; its estimate is the frame's
 * `committedAtMs` against the time the frame's transaction committed, moved to the service clock
 * with the offset the pull measured last.
 */
export function createSocketTelemetry(deps: SocketTelemetryDeps) {
  /** device times of the events of the last minute */
  const recent: number[] = [];
  return {
    frameApplied(frame: AppliedFrame, changed: readonly ItemKey[]): void {
      const appliedAt = deps.now();
      const offset = deps.offset();
      if (frame.committedAtMs === undefined || offset === null) return;
      const changedKeys = new Set(changed.map(itemKey));
      const fromOthers = frame.items.some((i) => i.deviceId !== deps.deviceId && changedKeys.has(itemKey(i)));
      if (!fromOthers) return;
      const durationMs = reportable(appliedAt + offset - frame.committedAtMs);
      if (durationMs === null) return;
      while (recent.length > 0 && recent[0]! <= appliedAt - MINUTE_MS) recent.shift();
      if (recent.length >= SOCKET_EVENTS_PER_MINUTE) return;
      recent.push(appliedAt);
      deps.sink.record({
        name: 'sync_run_completed',
        action: 'e2e_latency',
        durationMs,
        value: frame.cursor,
        source: 'socket',
        at: appliedAt,
      });
    },
  };
}
