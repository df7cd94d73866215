/**
 * When a failed file download is tried again (spec 3.8, 8.3):
 * - a 5xx, network, digest or decrypt failure (`transient`): exponential backoff from 1 minute
 *   (1, 2, 4, … minutes), capped at one day;
 * - a 404 or 410 (`missing`: the chunks are not on the service): re-probed at most once a day,
 *   3 times, then never automatically (`retryAt` null; the caller may then prune the reference).
 * Uploads that fail back off by the transient rule.
 */
export const TRANSIENT_RETRY_BASE_MS = 60_000;
export const TRANSIENT_RETRY_MAX_MS = 24 * 60 * 60_000;
export const MISSING_PROBE_INTERVAL_MS = 24 * 60 * 60_000;
export const MISSING_PROBES = 3;

export type FailureKind = 'transient' | 'missing';

export interface FailureState {
  kind: FailureKind;
  /** failures so far of this kind, this one included */
  attempts: number;
  /** epoch ms of the next automatic attempt; null: never again automatically */
  retryAt: number | null;
}

export function transientDelay(attempts: number): number {
  const exp = Math.min(attempts - 1, 30);
  return Math.min(TRANSIENT_RETRY_BASE_MS * 2 ** exp, TRANSIENT_RETRY_MAX_MS);
}

/** The state after one more failure of `kind`; a change of kind starts its count over. */
export function nextFailure(prev: FailureState | undefined, kind: FailureKind, now: number): FailureState {
  const attempts = prev && prev.kind === kind ? prev.attempts + 1 : 1;
  if (kind === 'transient') return { kind, attempts, retryAt: now + transientDelay(attempts) };
  // the first 404 and then 3 daily re-probes
  return { kind, attempts, retryAt: attempts > MISSING_PROBES ? null : now + MISSING_PROBE_INTERVAL_MS };
}

/** True when a `missing` failure will never be retried automatically (the reference may be pruned). */
export const exhausted = (s: FailureState): boolean => s.kind === 'missing' && s.retryAt === null;

export const due = (s: FailureState | undefined, now: number): boolean =>
  s === undefined || (s.retryAt !== null && s.retryAt <= now);
