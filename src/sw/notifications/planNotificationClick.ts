import type { NotificationTarget } from './notificationMessages';

/** What the click handler needs of an open window (a slice of WindowClient, for tests). */
export interface OpenWindow {
  id: string;
  url: string;
  focused: boolean;
}

export type ClickPlan = { kind: 'focus'; windowId: string; route: string } | { kind: 'open'; url: string };

/** The vault a window shows: its `?vault=` (VaultRoot keeps it there), null without one. */
function vaultOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('vault');
  } catch {
    return null;
  }
}

/**
 * Where a click on a notification goes. A window of the same origin showing the notification's
 * vault is reused (the focused one first, then the most recent: Chromium lists windows in that
 * order); a window without `?vault=` shows the vault opened last, which is the one that fired, so
 * it comes next. Otherwise a new window opens on the vault at the route.
 */
export function planNotificationClick(
  target: NotificationTarget,
  windows: readonly OpenWindow[],
  scope: string,
): ClickPlan {
  const origin = new URL(scope).origin;
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  const byFocus = (list: OpenWindow[]) => list.find((w) => w.focused) ?? list[0];
  const sameVault =
    target.vaultId === null ? undefined : byFocus(ours.filter((w) => vaultOf(w.url) === target.vaultId));
  const unnamed = byFocus(ours.filter((w) => vaultOf(w.url) === null));
  const reuse = sameVault ?? unnamed ?? (target.vaultId === null ? byFocus(ours) : undefined);
  if (reuse) return { kind: 'focus', windowId: reuse.id, route: target.route };
  const url = new URL(scope);
  if (target.vaultId !== null) url.searchParams.set('vault', target.vaultId);
  url.hash = target.route.slice(1);
  return { kind: 'open', url: url.href };
}
