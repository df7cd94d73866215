import { createPortTarget, type McpTarget, type PortLike } from './portTarget';

/**
 * The ports windows registered (client id → a port to that tab's vault worker). Held in the
 * service worker's memory: when the browser stops the worker they are forgotten, calls then go
 * through the window (forwardToWindow), and the window registers a port again.
 */
export interface WindowPortTable {
  register(windowId: string, port: PortLike): void;
  forget(windowId: string): void;
  get(windowId: string): McpTarget | undefined;
  /** drops the ports of windows that no longer exist */
  prune(liveIds: ReadonlySet<string>): void;
}

/**
 * `windowAlive` (the Clients API) is asked while calls wait on a port: a port whose window is
 * found gone answers its waiting calls with an error and leaves the table (issue 21).
 */
export function createWindowPortTable(
  windowAlive?: (windowId: string) => Promise<boolean>,
  checkEveryMs?: number,
): WindowPortTable {
  const targets = new Map<string, ReturnType<typeof createPortTarget>>();
  const forget = (windowId: string) => {
    targets.get(windowId)?.close();
    targets.delete(windowId);
  };
  return {
    register(windowId, port) {
      forget(windowId);
      const target = createPortTarget(windowId, port, {
        ...(windowAlive === undefined ? {} : { windowAlive: () => windowAlive(windowId) }),
        ...(checkEveryMs === undefined ? {} : { checkEveryMs }),
        onGone: () => {
          if (targets.get(windowId) === target) targets.delete(windowId);
        },
      });
      targets.set(windowId, target);
    },
    forget,
    get: (windowId) => targets.get(windowId),
    prune(liveIds) {
      for (const id of [...targets.keys()]) if (!liveIds.has(id)) forget(id);
    },
  };
}
