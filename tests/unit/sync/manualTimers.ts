import type { Timers } from '../../../src/sync/engine/syncEngine';

/**
 * Timers driven by the test: nothing fires until `advance(ms)` moves the clock past it, so no
 * handle outlives the test. `now()` is the clock for engines given these timers.
 */
export function manualTimers(): Timers & { advance(ms: number): void; pending(): number; now(): number } {
  let clock = 0;
  let next = 1;
  const armed = new Map<number, { at: number; fn: () => void; every: number | null }>();
  return {
    setTimeout(fn, ms) {
      armed.set(next, { at: clock + ms, fn, every: null });
      return next++;
    },
    clearTimeout: (h) => void armed.delete(h as number),
    setInterval(fn, ms) {
      armed.set(next, { at: clock + ms, fn, every: ms });
      return next++;
    },
    clearInterval: (h) => void armed.delete(h as number),
    advance(ms) {
      const until = clock + ms;
      for (;;) {
        const due = [...armed.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [h, t] = due;
        clock = t.at;
        if (t.every === null) armed.delete(h);
        else t.at += t.every;
        t.fn();
      }
      clock = until;
    },
    pending: () => armed.size,
    now: () => clock,
  };
}
