/** The slice of the Clients API the bridge needs (injected so the routing rule is testable). */
export interface WindowLike {
  id: string;
  type: string;
  focused?: boolean;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface ClientsLike {
  get(id: string): Promise<WindowLike | undefined>;
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
}

/**
 * The tab a /mcp request goes to: the window that made it (its clientId); when the request has
 * no window behind it (an empty clientId, or a worker's), the focused window, else the most
 * recently focused one (Chromium lists windows in that order). Null: no window is open.
 */
export async function pickWindow(clients: ClientsLike, clientId: string): Promise<WindowLike | null> {
  if (clientId !== '') {
    const own = await clients.get(clientId);
    if (own !== undefined && own.type === 'window') return own;
  }
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: false });
  return windows.find((w) => w.focused === true) ?? windows[0] ?? null;
}
