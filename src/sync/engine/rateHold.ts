import type { Timers } from './syncEngine';

/**
 * After a 429 the service's `Retry-After` gives the exact seconds left in the bucket's window
 * (spec sync-service.md 8.x, "rate limited"): the engine sends nothing before it and runs its next
 * cycle as soon as it ends, instead of waiting for the 60 s tick (a fresh device's first pull
 * would otherwise lose up to a minute per bucket window). A timer that fires a little early
 * re-arms for the remainder, so no request ever goes out before the window ends.
 */
export function createRateHold(deps: { now: () => number; timers: Timers; fire: () => void }) {
  let until = 0;
  let handle: unknown = null;

  function arm(): void {
    if (handle !== null) deps.timers.clearTimeout(handle);
    handle = deps.timers.setTimeout(
      () => {
        handle = null;
        if (deps.now() < until) arm();
        else deps.fire();
      },
      Math.max(0, until - deps.now()),
    );
  }

  return {
    /** a 429 said to wait `seconds`; a later, longer answer extends the hold, a shorter one does not */
    hold(seconds: number): void {
      until = Math.max(until, deps.now() + seconds * 1000);
      arm();
    },
    held: (): boolean => deps.now() < until,
    stop(): void {
      if (handle !== null) deps.timers.clearTimeout(handle);
      handle = null;
      until = 0;
    },
  };
}
