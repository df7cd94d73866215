/// <reference lib="webworker" />
// Composition root of notification clicks: a click on one of Cairn's notifications (a due
// reminder) closes it and brings a Cairn window to the reminder's item (planNotificationClick).
import { OPEN_ROUTE, type OpenRouteMessage, readNotificationTarget } from './notificationMessages';
import { planNotificationClick } from './planNotificationClick';

declare const self: ServiceWorkerGlobalScope;

async function openAt(data: unknown): Promise<void> {
  const target = readNotificationTarget(data);
  if (target === null) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const plan = planNotificationClick(
    target,
    windows.map((w) => ({ id: w.id, url: w.url, focused: w.focused })),
    self.registration.scope,
  );
  if (plan.kind === 'open') {
    await self.clients.openWindow(plan.url);
    return;
  }
  const window = windows.find((w) => w.id === plan.windowId);
  if (!window) return;
  // The page moves itself (a hash change, no reload: its open vault and editor stay).
  const message: OpenRouteMessage = { type: OPEN_ROUTE, route: plan.route };
  window.postMessage(message);
  // Focusing needs the click's user activation; a browser may still refuse, and the page has
  // already moved, so a refusal is not an error.
  await window.focus().catch(() => undefined);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAt(event.notification.data));
});
