import type { NotificationTarget } from '../../../sw/notifications/notificationMessages';
import { itemRoute } from '../../app/itemRoute';

/** What a route needs of a reminder: its target, and when it fires (an event's week). */
export interface RoutedReminder {
  remindAt: string;
  targetType: string | null;
  targetId: string | null;
}

const localDate = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

/**
 * The place in the app a reminder opens: its note, task, project, journal entry or the inbox; an
 * event opens the calendar week of the reminder's day (a reminder does not know the event's own
 * date); a reminder without a target opens the Reminders list.
 */
export function reminderRoute(r: RoutedReminder): string {
  if (r.targetType === 'inbox') return '#/inbox';
  if (r.targetId === null) return '#/reminders';
  if (r.targetType === 'event') return `#/calendar/week/${localDate(r.remindAt)}`;
  const routed =
    r.targetType === 'note' ||
    r.targetType === 'task' ||
    r.targetType === 'project' ||
    r.targetType === 'journal';
  return (routed && itemRoute(r.targetType ?? '', r.targetId)) || '#/reminders';
}

/** The `data` of a reminder's system notification: where a click on it goes. */
export const reminderNotificationData = (r: RoutedReminder, vaultId: string | null): NotificationTarget => ({
  kind: 'cairn-notification',
  route: reminderRoute(r),
  vaultId,
});
