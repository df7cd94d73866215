import { PACK_DOWNLOAD_MAX_REQUESTS_PER_MINUTE } from '../../protocol/limits';

/** The factor the client assumes for its pacing (spec 8.1 `DEFAULT_ELEVATION_FACTOR`). */
export const DEFAULT_ELEVATION_FACTOR = 5;
const WINDOW_MS = 60_000;

/**
 * The transfer pacer (spec 3.7 step 2, 8.2): at most max(1, floor(60 x factor)) pack requests
 * (first attempts and Range resumes alike) start in any 60 s, the factor read once when the pacer
 * is built. A request over the pace waits until the oldest start in the window is 60 s old.
 */
export function createPackPacer(deps: {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  factor?: number;
}) {
  const max = Math.max(
    1,
    Math.floor(PACK_DOWNLOAD_MAX_REQUESTS_PER_MINUTE * (deps.factor ?? DEFAULT_ELEVATION_FACTOR)),
  );
  const starts: number[] = [];
  let chain: Promise<void> = Promise.resolve();
  return {
    max,
    /** resolves when one more request may start (requests are granted in the order they asked) */
    take(): Promise<void> {
      const turn = chain.then(async () => {
        for (;;) {
          const now = deps.now();
          while (starts.length > 0 && now - (starts[0] as number) >= WINDOW_MS) starts.shift();
          if (starts.length < max) {
            starts.push(now);
            return;
          }
          await deps.sleep(WINDOW_MS - (now - (starts[0] as number)));
        }
      });
      chain = turn;
      return turn;
    },
  };
}

export type PackPacer = ReturnType<typeof createPackPacer>;
