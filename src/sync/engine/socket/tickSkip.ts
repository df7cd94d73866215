/** The longest the periodic tick stays silent while the socket is up (spec 4.3.1, 8.3). */
export const TICK_SKIP_MAX_MS = 5 * 60_000;

/**
 * Whether the 60 s tick may skip its pull (spec 4.3.1): only when the socket has been connected
 * continuously since the previous tick (the same connection generation then and now: a reconnect
 * in between is a new generation, and its `connected` frame already pulled), and a pull started
 * less than 5 minutes ago. Broadcasts are best-effort, so a lost frame is caught within 5 minutes;
 * any pull (tick, wake, push) reads the whole feed from `LAST_CURSOR`, so it restarts the 5 minutes.
 */
export function createTickSkip(now: () => number) {
  /** the open connection's generation, null while the socket is not connected */
  let current: number | null = null;
  let atLastTick: number | null = null;
  let lastPull = Number.NEGATIVE_INFINITY;
  /** the generation connected when the last pull started (null: none was) */
  let atLastPull: number | null = null;

  return {
    /** the socket opened (a new generation) or closed (null) */
    connection(generation: number | null): void {
      current = generation;
    },
    /** a cycle that pulls started */
    pulled(): void {
      lastPull = now();
      atLastPull = current;
    },
    /**
     * The socket has stayed connected since the last pull started (no reconnect in between, and
     * that pull no more than 5 minutes ago): what a push-only cycle needs (syncEngine.ts).
     */
    live(): boolean {
      return current !== null && current === atLastPull && now() - lastPull < TICK_SKIP_MAX_MS;
    },
    /** asked at each tick: true when this tick sends nothing */
    skip(): boolean {
      const continuous = current !== null && current === atLastTick;
      atLastTick = current;
      return continuous && now() - lastPull < TICK_SKIP_MAX_MS;
    },
  };
}
