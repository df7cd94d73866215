import * as Comlink from 'comlink';
import { createSignal, onCleanup } from 'solid-js';
import type { FiredReminder } from '../../../worker/vault/vaultApi';
import type { VaultClient } from '../../vault/createVaultClient';
import { reminderNotificationData } from './reminderRoute';

type Permission = NotificationPermission | 'unsupported';

const current = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * System notifications for fired reminders. The worker tells only the leader tab's UI of a
 * firing (once per reminder), and this shows it through the service worker registration when
 * the user granted permission (works on Android too, where `new Notification` throws). Without
 * permission nothing is shown here: the in-app notice covers it.
 */
export function createSystemNotifications(client: VaultClient) {
  const [permission, setPermission] = createSignal<Permission>(current());
  let live = true;
  onCleanup(() => {
    live = false;
  });
  void client.api.onReminderFired(
    Comlink.proxy((fired: FiredReminder[]) => {
      if (!live || current() !== 'granted') return;
      void show(fired);
    }),
  );
  async function show(fired: FiredReminder[]) {
    const registration = await navigator.serviceWorker?.getRegistration();
    for (const r of fired) {
      const options = {
        body: r.body ?? undefined,
        tag: `reminder-${r.id}`,
        // where a click goes (the service worker's notificationclick handler)
        data: reminderNotificationData(r, client.info()?.id ?? null),
      };
      if (registration) await registration.showNotification(r.title, options);
      else new Notification(r.title, options);
    }
  }
  return {
    permission,
    /** Ask for permission; must run from a user gesture (a click). */
    async request() {
      if (typeof Notification === 'undefined') return;
      setPermission(await Notification.requestPermission());
    },
  };
}

export type SystemNotifications = ReturnType<typeof createSystemNotifications>;
