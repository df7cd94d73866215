import type { VaultDb } from '../../db/schema';
import type { ReminderRow } from '../../domain/reminders/reminder';

/** Fired and pending reminders at or before `nowIso`, oldest first (two index ranges). */
export async function dueReminders(db: VaultDb, nowIso: string, limit = 200): Promise<ReminderRow[]> {
  const due = (state: string) =>
    db.reminders
      .where('[state+remindAt]')
      .between([state, ''], [state, nowIso], true, true)
      .limit(limit)
      .toArray();
  const rows = [...(await due('fired')), ...(await due('pending'))];
  rows.sort((a, b) => (a.remindAt < b.remindAt ? -1 : a.remindAt > b.remindAt ? 1 : 0));
  return rows.slice(0, limit);
}

/** The earliest pending reminder's time, or null: when the scheduler must wake next. */
export async function nextPendingAt(db: VaultDb): Promise<string | null> {
  const first = await db.reminders
    .where('[state+remindAt]')
    .between(['pending', ''], ['pending', '\uffff'])
    .first();
  return first?.remindAt ?? null;
}
