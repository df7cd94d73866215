import { onCleanup } from 'solid-js';
import { readOpenRoute } from '../../../sw/notifications/notificationMessages';

/**
 * Follows the service worker's "open this place" message (a click on a reminder's notification):
 * the hash changes, so the open vault and app stay and the route opens as a link would.
 */
export function listenForOpenRoute(): void {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw) return;
  const onMessage = (e: MessageEvent) => {
    const route = readOpenRoute(e.data);
    if (route !== null) location.hash = route;
  };
  sw.addEventListener('message', onMessage);
  onCleanup(() => sw.removeEventListener('message', onMessage));
}
