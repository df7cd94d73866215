import type { Timers } from '../syncEngine';

interface Waiter {
  resolve: (idle: boolean) => void;
  handle: unknown;
}

/**
 * Counts the engine's work a socket frame must not overlap (spec 6.1, socket items rule 4): a
 * record or body push in flight and a pull slice's local transaction. `during` brackets such work;
 * `whenIdle` answers true as soon as none is running, or false when `ms` pass first (the frame is
 * then dropped: the wake pull brings its items). `release` answers every waiter false at once and
 * clears its timer (the engine stopped: nothing may stay armed).
 */
export function createBusyGate(timers: Timers) {
  let busy = 0;
  let waiters: Waiter[] = [];

  function settle(idle: boolean): void {
    const ready = waiters;
    waiters = [];
    for (const w of ready) {
      timers.clearTimeout(w.handle);
      w.resolve(idle);
    }
  }

  return {
    async during<T>(work: () => Promise<T>): Promise<T> {
      busy++;
      try {
        return await work();
      } finally {
        busy--;
        if (busy === 0) settle(true);
      }
    },
    whenIdle(ms: number): Promise<boolean> {
      if (busy === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = { resolve, handle: null };
        waiter.handle = timers.setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          resolve(false);
        }, ms);
        waiters.push(waiter);
      });
    },
    release(): void {
      settle(false);
    },
  };
}

export type BusyGate = ReturnType<typeof createBusyGate>;
