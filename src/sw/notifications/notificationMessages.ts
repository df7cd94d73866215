/**
 * What a system notification of Cairn carries (its `data`) and the message the service worker
 * sends a window to open a place in the app. Shared by the page and the service worker.
 */
export interface NotificationTarget {
  kind: 'cairn-notification';
  /** the hash route to open, `#/...` */
  route: string;
  /** the vault the notification belongs to; null when the page did not know it yet */
  vaultId: string | null;
}

export const OPEN_ROUTE = 'cairn-open-route';

export interface OpenRouteMessage {
  type: typeof OPEN_ROUTE;
  route: string;
}

/** A route the app may be sent to: a hash route, nothing that leaves the page. */
export const isAppRoute = (route: unknown): route is string =>
  typeof route === 'string' && /^#\/[^\s]*$/.test(route);

/** The target a notification's `data` names, or null when it is not one of Cairn's. */
export function readNotificationTarget(data: unknown): NotificationTarget | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<NotificationTarget>;
  if (d.kind !== 'cairn-notification' || !isAppRoute(d.route)) return null;
  return { kind: d.kind, route: d.route, vaultId: typeof d.vaultId === 'string' ? d.vaultId : null };
}

/** An OpenRouteMessage, or null for any other message a page receives. */
export function readOpenRoute(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Partial<OpenRouteMessage>;
  return m.type === OPEN_ROUTE && isAppRoute(m.route) ? m.route : null;
}
