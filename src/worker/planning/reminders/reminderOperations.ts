import { normalizeInstant } from '../../domain/calendar/instant';
import { edited, newMeta } from '../../domain/calendar/recordMeta';
import {
  checkReminder,
  fromReminderRow,
  REMINDER_STATES,
  REMINDER_TARGET_TYPES,
  type ReminderRecord,
  reminderCreateSchema,
  reminderPatchSchema,
  snoozeSchema,
  toReminderRow,
} from '../../domain/reminders/reminder';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { idListSchema, idSchema, recordTable, writeKind } from '../records/recordTable';
import { must, writeTx } from '../writeTx';
import { dueReminders } from './reminderQueries';

const limitSchema = { type: 'integer', minimum: 1, maximum: 500 } as const;

/**
 * `reminders.*` of spec 4.4/4.5. Reads are answered from the `[state+remindAt]` index; the leader
 * tab's scheduler (reminderScheduler.ts) marks due reminders `fired`. Dismiss, snooze and edits
 * work in any state; a dismissed reminder is kept (and listed) until deleted.
 */
export function reminderOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const reminders = recordTable(services, db.reminders, 'reminder');
  const nowIso = () => new Date(services.now()).toISOString();
  const byState = (state: string) =>
    db.reminders.where('[state+remindAt]').between([state, ''], [state, '\uffff'], true, true);

  const dismiss = async (changes: Parameters<typeof reminders.put>[0], id: string, field: string) => {
    const prev = fromReminderRow(await reminders.must(id, field));
    if (prev.state === 'dismissed') return prev;
    const next = edited(services, prev, { state: 'dismissed', dismissedAt: nowIso() });
    await reminders.put(changes, toReminderRow(next));
    return next;
  };

  return [
    defineOperation({
      kind: 'read',
      name: 'reminders.get',
      summary: 'One reminder by id.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: async ([id]) => {
        const row = await db.reminders.get(id);
        return row
          ? ok(fromReminderRow(row))
          : fail('NOT_FOUND', `no reminder ${JSON.stringify(id)}`, { field: 'id' });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'reminders.list',
      summary: 'Reminders in time order: pending and fired ones unless a state is named.',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: { state: { type: 'string', enum: REMINDER_STATES }, limit: limitSchema },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([o = {}]) => {
        const limit = o.limit ?? 200;
        const states = o.state ? [o.state] : (['pending', 'fired'] as const);
        const rows = (await Promise.all(states.map((s) => byState(s).limit(limit).toArray()))).flat();
        rows.sort((a, b) => (a.remindAt < b.remindAt ? -1 : a.remindAt > b.remindAt ? 1 : 0));
        return ok({ reminders: rows.slice(0, limit).map(fromReminderRow), hasMore: rows.length > limit });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'reminders.getUpcoming',
      summary: 'Pending reminders not yet due, soonest first (within `hours`, default 7 days).',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: { hours: { type: 'integer', minimum: 1, maximum: 8784 }, limit: limitSchema },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([o = {}]) => {
        const now = services.now();
        const until = new Date(now + (o.hours ?? 168) * 3_600_000).toISOString();
        const rows = await db.reminders
          .where('[state+remindAt]')
          .between(['pending', new Date(now).toISOString()], ['pending', until], false, true)
          .limit(o.limit ?? 100)
          .toArray();
        return ok({ reminders: rows.map(fromReminderRow) });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'reminders.getDue',
      summary: 'Reminders whose time has come and that are not dismissed, oldest first.',
      params: [] as const,
      handler: async () => ok({ reminders: (await dueReminders(db, nowIso())).map(fromReminderRow) }),
    }),
    defineOperation({
      kind: 'read',
      name: 'reminders.getForTarget',
      summary: 'The reminders attached to one note, task, event, project, journal day or inbox item.',
      params: [
        { name: 'targetType', required: true, schema: { type: 'string', enum: REMINDER_TARGET_TYPES } },
        { name: 'targetId', required: true, schema: idSchema },
      ] as const,
      handler: async ([type, id]) => {
        const rows = await db.reminders.where('targetKey').equals(`${type}:${id}`).sortBy('remindAt');
        return ok({ reminders: rows.map(fromReminderRow) });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'reminders.countPending',
      summary: 'How many reminders are not dismissed, and how many of those are due now.',
      params: [] as const,
      handler: async () => {
        const [pending, fired] = await Promise.all([byState('pending').count(), byState('fired').count()]);
        const due = (await dueReminders(db, nowIso())).length;
        return ok({ count: pending + fired, due });
      },
    }),
    defineOperation({
      ...writeKind,
      name: 'reminders.create',
      summary: 'Create a reminder at remindAt (ISO 8601), optionally about a note, task, event, ...',
      params: [{ name: 'reminder', required: true, schema: reminderCreateSchema }] as const,
      handler: ([input]) =>
        writeTx(services, [db.reminders], async (changes) => {
          const record: ReminderRecord = {
            ...newMeta(services, services.newId()),
            ...must(checkReminder(null, input)),
            state: 'pending',
            firedAt: null,
            dismissedAt: null,
            snoozeCount: 0,
          };
          await reminders.put(changes, toReminderRow(record));
          return record;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'reminders.update',
      summary: 'Change a reminder; a new remindAt makes it pending again.',
      params: [
        { name: 'id', required: true, schema: idSchema },
        { name: 'patch', required: true, schema: reminderPatchSchema },
      ] as const,
      handler: ([id, patch]) =>
        writeTx(services, [db.reminders], async (changes) => {
          const prev = fromReminderRow(await reminders.must(id));
          const fields = must(checkReminder(prev, patch));
          const rescheduled = fields.remindAt !== prev.remindAt;
          const next = edited(services, prev, {
            ...fields,
            ...(rescheduled ? { state: 'pending' as const, firedAt: null, dismissedAt: null } : {}),
          });
          await reminders.put(changes, toReminderRow(next));
          return next;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'reminders.delete',
      summary: 'Delete a reminder.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) =>
        writeTx(services, [db.reminders, db.tombstones], async (changes) => {
          await reminders.remove(changes, await reminders.must(id));
          return { id, deleted: true };
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'reminders.dismiss',
      summary: 'Dismiss a reminder: it is done and no longer due.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) => writeTx(services, [db.reminders], (changes) => dismiss(changes, id, 'id')),
    }),
    defineOperation({
      ...writeKind,
      name: 'reminders.snooze',
      summary: 'Remind again later: `{until}` (ISO 8601) or `{minutes}` from now.',
      params: [
        { name: 'id', required: true, schema: idSchema },
        { name: 'snooze', required: true, schema: snoozeSchema },
      ] as const,
      handler: ([id, s]) =>
        writeTx(services, [db.reminders], async (changes) => {
          const prev = fromReminderRow(await reminders.must(id));
          const until =
            s.until !== undefined
              ? must(normalizeInstant(s.until, 'until'))
              : new Date(services.now() + (s.minutes ?? 0) * 60_000).toISOString();
          if (until <= nowIso())
            return must({
              ok: false,
              error: { code: 'VALIDATION', message: 'until is not in the future', field: 'until' },
            });
          const next = edited(services, prev, {
            remindAt: until,
            state: 'pending',
            firedAt: null,
            dismissedAt: null,
            snoozeCount: prev.snoozeCount + 1,
          });
          await reminders.put(changes, toReminderRow(next));
          return next;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'reminders.bulkDismiss',
      summary: 'Dismiss several reminders at once (all or none: an unknown id refuses the call).',
      params: [{ name: 'ids', required: true, schema: idListSchema }] as const,
      handler: ([ids]) =>
        writeTx(services, [db.reminders], async (changes) => {
          for (const [i, id] of ids.entries()) await dismiss(changes, id, `ids[${i}]`);
          return { dismissed: ids.length };
        }),
    }),
  ];
}
