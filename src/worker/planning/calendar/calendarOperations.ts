import {
  checkEvent,
  type EventRecord,
  eventCreateSchema,
  eventPatchSchema,
  fromEventRow,
  overlaps,
  toEventRow,
} from '../../domain/calendar/calendarEvent';
import { instantSchema, normalizeInstant, utcDateOf } from '../../domain/calendar/instant';
import { edited, newMeta } from '../../domain/calendar/recordMeta';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { SettingsStore } from '../../settings/settingsStore';
import { createSettingsStore } from '../../settings/settingsStore';
import type { VaultServices } from '../../vault/services';
import { idSchema, listOptionsSchema, recordTable, writeKind } from '../records/recordTable';
import { must, writeTx } from '../writeTx';
import { notesInRange } from './notesInRange';

const RANGE_MAX = 2000;

/**
 * `calendar.*` of spec 4.4/4.5. Instants are ISO 8601 and stored in UTC; `getRange([{startAt,
 * endAt}])` answers the events overlapping [startAt, endAt), in start order, through the `days`
 * index (one scan over the dates of the range, whatever the number of events elsewhere), and the
 * notes dated in it by a visible date property (`notes`, through the notes' `dateKeys` index;
 * notesInRange.ts).
 * A new event without `endAt` lasts the calendar's `defaultEventMinutes` setting.
 */
export function calendarOperations(
  services: VaultServices,
  settings: Pick<SettingsStore, 'getGroup'> = createSettingsStore(services),
): Operation[] {
  const { db } = services;
  const events = recordTable(services, db.calendarEvents, 'event');

  return [
    defineOperation({
      kind: 'read',
      name: 'calendar.getEvent',
      summary: 'One calendar event by id.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: async ([id]) => {
        const row = await db.calendarEvents.get(id);
        return row
          ? ok(fromEventRow(row))
          : fail('NOT_FOUND', `no event ${JSON.stringify(id)}`, { field: 'id' });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'calendar.listEvents',
      summary: 'Calendar events in start order, a page at a time (args `[{}]` for the first page).',
      params: [{ name: 'options', required: false, schema: listOptionsSchema }] as const,
      handler: async ([o = {}]) => {
        const limit = o.limit ?? 100;
        const rows = await db.calendarEvents
          .orderBy('startAt')
          .offset(o.offset ?? 0)
          .limit(limit + 1)
          .toArray();
        return ok({
          events: rows.slice(0, limit).map(fromEventRow),
          total: await db.calendarEvents.count(),
          hasMore: rows.length > limit,
        });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'calendar.getRange',
      summary:
        'Events overlapping [startAt, endAt) (ISO 8601 UTC timestamps), in start order, and `notes` [{id, title, path, property, date}]: notes whose visible date property names a day in the range (notes.getCalendarPropertyNames).',
      params: [
        {
          name: 'range',
          required: true,
          schema: {
            type: 'object',
            properties: { startAt: instantSchema, endAt: instantSchema },
            required: ['startAt', 'endAt'],
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([range]) => {
        const from = normalizeInstant(range.startAt, 'startAt');
        if (!from.ok) return from;
        const to = normalizeInstant(range.endAt, 'endAt');
        if (!to.ok) return to;
        if (to.value < from.value) return fail('VALIDATION', 'endAt is before startAt', { field: 'endAt' });
        const rows = await db.calendarEvents
          .where('days')
          .between(utcDateOf(from.value), utcDateOf(to.value), true, true)
          .distinct()
          .filter((e) => overlaps(e, from.value, to.value))
          .limit(RANGE_MAX + 1)
          .toArray();
        rows.sort((a, b) => (a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : 0));
        const dated = await notesInRange(db, from.value, to.value, RANGE_MAX);
        return ok({
          startAt: from.value,
          endAt: to.value,
          events: rows.slice(0, RANGE_MAX).map(fromEventRow),
          truncated: rows.length > RANGE_MAX,
          notes: dated.notes,
          notesTruncated: dated.truncated,
        });
      },
    }),
    defineOperation({
      ...writeKind,
      name: 'calendar.createEvent',
      summary:
        'Create a calendar event; endAt defaults to the calendar’s default event length after startAt (all-day: one day).',
      params: [{ name: 'event', required: true, schema: eventCreateSchema }] as const,
      handler: async ([input]) => {
        // Read before the write transaction, which does not span the settings table.
        const minutes = (await settings.getGroup('calendar')).defaultEventMinutes;
        return writeTx(services, [db.calendarEvents], async (changes) => {
          const fields = must(checkEvent(null, input, minutes));
          const record: EventRecord = { ...newMeta(services, services.newId()), ...fields };
          await events.put(changes, toEventRow(record));
          return record;
        });
      },
    }),
    defineOperation({
      ...writeKind,
      name: 'calendar.updateEvent',
      summary: 'Change an event; moving startAt alone keeps its duration.',
      params: [
        { name: 'id', required: true, schema: idSchema },
        { name: 'patch', required: true, schema: eventPatchSchema },
      ] as const,
      handler: ([id, patch]) =>
        writeTx(services, [db.calendarEvents], async (changes) => {
          const prev = fromEventRow(await events.must(id));
          const record = edited(services, prev, must(checkEvent(prev, patch)));
          await events.put(changes, toEventRow(record));
          return record;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'calendar.deleteEvent',
      summary: 'Delete a calendar event.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) =>
        writeTx(services, [db.calendarEvents, db.tombstones], async (changes) => {
          await events.remove(changes, await events.must(id));
          return { id, deleted: true };
        }),
    }),
  ];
}
