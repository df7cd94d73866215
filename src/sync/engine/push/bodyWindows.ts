import type { Timers } from '../syncEngine';

/** Spec 4.2.2 and 8.3: the per-note body window. */
export const BODY_WINDOW_MS = 1_000;

/**
 * The per-note push window of note bodies (spec 4.2.2): the first update of a note after a quiet
 * second flushes at once; later updates within the second ride ONE trailing flush at its end; an
 * update landing while that note is being pushed starts a new window, so it flushes once more
 * after the push. While a note's trailing timer is armed its body is held back from pushes that
 * other changes start (`isDue`); a body no window holds (queued offline, by another tab, before a
 * restart) is always due.
 */
export function createBodyWindows(deps: { now: () => number; timers: Timers; flush: () => void }) {
  const lastFlush = new Map<string, number>();
  const trailing = new Map<string, unknown>();
  return {
    /** a Yjs update of `docId` was queued */
    touched(docId: string): void {
      if (trailing.has(docId)) return;
      const wait = (lastFlush.get(docId) ?? Number.NEGATIVE_INFINITY) + BODY_WINDOW_MS - deps.now();
      if (wait <= 0) {
        deps.flush();
        return;
      }
      trailing.set(
        docId,
        deps.timers.setTimeout(() => {
          trailing.delete(docId);
          deps.flush();
        }, wait),
      );
    },
    /** whether a push may carry this note's body now; a push that does starts its window */
    takeIfDue(docId: string): boolean {
      if (trailing.has(docId)) return false;
      lastFlush.set(docId, deps.now());
      if (lastFlush.size > 1000) lastFlush.delete(lastFlush.keys().next().value as string);
      return true;
    },
    stop(): void {
      for (const handle of trailing.values()) deps.timers.clearTimeout(handle);
      trailing.clear();
    },
  };
}
