/** A reminder as `reminders.*` answer it (src/worker/domain/reminders/reminder.ts). */
export interface Reminder {
  id: string;
  title: string;
  body: string | null;
  remindAt: string;
  targetType: string | null;
  targetId: string | null;
  state: 'pending' | 'fired' | 'dismissed';
  snoozeCount: number;
}

export interface ReminderList {
  reminders: Reminder[];
}
