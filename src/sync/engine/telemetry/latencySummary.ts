import type { SyncTelemetryAction, SyncTelemetryEvent } from './syncTelemetry';

export interface LatencyStats {
  /** events summarized (the last `lastN` of the action, or fewer) */
  count: number;
  medianMs: number;
  /** nearest rank: the smallest duration at or above 95 % of the events */
  p95Ms: number;
}

/**
 * Median and p95 of `action`'s durations over its last `lastN` events (`events` oldest first);
 * null when there is none. The median of an even count is the mean of the middle two.
 */
export function summarize(
  events: readonly SyncTelemetryEvent[],
  action: SyncTelemetryAction,
  lastN: number,
): LatencyStats | null {
  const durations = events
    .filter((e) => e.action === action)
    .slice(-lastN)
    .map((e) => e.durationMs)
    .sort((a, b) => a - b);
  const n = durations.length;
  if (n === 0) return null;
  const mid = Math.floor(n / 2);
  const medianMs = n % 2 === 1 ? durations[mid]! : (durations[mid - 1]! + durations[mid]!) / 2;
  const p95Ms = durations[Math.ceil(0.95 * n) - 1]!;
  return { count: n, medianMs, p95Ms };
}
