/** How often the leader looks for items kept past their 30 days while it stays open. */
export const TRASH_PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

export interface TrashPurgeDeps {
  /** deletes for good what is due now; answers how many items went */
  purgeDue: () => Promise<number>;
  isLeader: () => boolean;
  onLeaderChange: (listener: (isLeader: boolean) => void) => () => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/**
 * The Trash's 30-day purge (docs/trash.md): run by the leader tab only (one deleter per vault,
 * so two tabs never race to delete the same rows), when it becomes leader (start-up) and every
 * TRASH_PURGE_EVERY_MS after. A failed run is reported and tried again at the next one.
 */
export function startTrashPurge(deps: TrashPurgeDeps) {
  let timer: unknown = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  function run(): Promise<void> {
    running = running
      .then(() => (deps.isLeader() && !stopped ? deps.purgeDue() : 0))
      .then(
        () => undefined,
        (err: unknown) => {
          if ((err as { name?: string }).name !== 'DatabaseClosedError')
            console.error('trash purge failed', err);
        },
      );
    return running;
  }

  function arm() {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    if (stopped || !deps.isLeader()) return;
    timer = deps.setTimer(() => {
      timer = null;
      void run().then(arm);
    }, TRASH_PURGE_EVERY_MS);
  }

  const off = deps.onLeaderChange((isLeader) => {
    if (isLeader) void run();
    arm();
  });
  if (deps.isLeader()) void run();
  arm();

  return {
    /** resolves when the run under way (if any) is done (tests) */
    idle: () => running,
    stop() {
      stopped = true;
      off();
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
  };
}
