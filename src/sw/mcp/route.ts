import { forwardToWindow } from './forwardToWindow';
import { type ClientsLike, pickWindow } from './pickWindow';
import type { McpTarget } from './portTarget';
import type { WindowPortTable } from './windowPorts';

/** Whether the window with this client id still exists. */
export function windowExists(clients: ClientsLike, windowId: string): Promise<boolean> {
  return clients.get(windowId).then((w) => w !== undefined);
}

/**
 * Where a /mcp request from `clientId` is answered. The calling window's own port answers without
 * asking the Clients API (the window just made the request, so it exists). Otherwise the window
 * is picked among the windows that exist now (pickWindow), so a port left behind by a closed or
 * crashed tab is never chosen; it is answered through its port or, when the service worker has
 * none for it (restarted, or the tab was just loaded), through the window itself. Either way a
 * call whose window goes away while it waits is answered at once (windowWatch.ts).
 */
export function createRoute(
  ports: WindowPortTable,
  clients: ClientsLike,
  checkEveryMs?: number,
): (clientId: string) => McpTarget | null | Promise<McpTarget | null> {
  return (clientId) => {
    const own = clientId === '' ? undefined : ports.get(clientId);
    if (own !== undefined) return own;
    return pickWindow(clients, clientId).then(
      (window) =>
        window &&
        (ports.get(window.id) ?? {
          windowId: window.id,
          send: (message, caller) =>
            forwardToWindow(window, message, caller, {
              windowAlive: () => windowExists(clients, window.id),
              ...(checkEveryMs === undefined ? {} : { checkEveryMs }),
            }),
        }),
    );
  };
}
