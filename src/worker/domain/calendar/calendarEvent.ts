import type { OpError } from '../../ops/result';
import { HEX_COLOR_PATTERN } from '../tasks/schemas';
import { instantSchema, normalizeInstant, utcDateOf } from './instant';
import type { RecordMeta } from './recordMeta';

/** A calendar event (synced as one record; fields listed in docs/planning.md). */
export interface EventRecord extends RecordMeta {
  title: string;
  description: string | null;
  location: string | null;
  /** normalized UTC instants; `endAt` is exclusive and never before `startAt` */
  startAt: string;
  endAt: string;
  /** an all-day event covers whole UTC dates: startAt at 00:00Z, endAt at a later 00:00Z */
  allDay: boolean;
  color: string | null;
  /** a note the event belongs to (meeting notes), or null */
  noteId: string | null;
}

/** As stored: plus `days`, the UTC dates the event covers (a multi-entry index; derived, never synced). */
export interface EventRow extends EventRecord {
  days: string[];
}

export const EVENT_TITLE_MAX = 500;
/** Longer events would make the day index large; a year and a day covers any real one. */
export const EVENT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const eventFields = {
  title: { type: 'string', minLength: 1, maxLength: EVENT_TITLE_MAX },
  description: { type: ['string', 'null'], maxLength: 10_000 },
  location: { type: ['string', 'null'], maxLength: 500 },
  startAt: instantSchema,
  endAt: instantSchema,
  allDay: { type: 'boolean' },
  color: { type: ['string', 'null'], pattern: HEX_COLOR_PATTERN, examples: ['#3366cc'] },
  noteId: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
} as const;

export const eventCreateSchema = {
  type: 'object',
  description:
    'endAt defaults to the calendar’s defaultEventMinutes after startAt (60 unless set; all-day: the next midnight UTC).',
  properties: eventFields,
  required: ['title', 'startAt'],
  additionalProperties: false,
} as const;

export const eventPatchSchema = {
  type: 'object',
  properties: eventFields,
  minProperties: 1,
  additionalProperties: false,
} as const;

type Fields = Omit<EventRecord, keyof RecordMeta>;
export type EventInput = { title: string; startAt: string } & Partial<Fields>;

/** The UTC dates [startAt, endAt) touches; a zero-length event touches its start date. */
export function eventDays(startAt: string, endAt: string): string[] {
  const days = [utcDateOf(startAt)];
  const lastMs = Math.max(Date.parse(startAt), Date.parse(endAt) - 1);
  for (let t = Date.parse(`${days[0]}T00:00:00Z`) + DAY_MS; t <= lastMs; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The checked, normalized fields of an event made of `prev` (null on create) and `input`:
 * instants in UTC, all-day events snapped to whole dates, the end defaulted (`defaultMinutes`
 * after the start: the calendar's defaultEventMinutes setting), and the rules a
 * schema cannot state (end not before start, at most EVENT_MAX_DAYS long).
 */
export function checkEvent(
  prev: Fields | null,
  input: Partial<Fields>,
  defaultMinutes = 60,
): { ok: true; value: Fields } | { ok: false; error: OpError } {
  const refuse = (message: string, field: string) =>
    ({ ok: false, error: { code: 'VALIDATION', message, field } }) as const;
  const allDay = input.allDay ?? prev?.allDay ?? false;
  const start = normalizeInstant(input.startAt ?? prev?.startAt ?? '', 'startAt');
  if (!start.ok) return start;
  // An all-day event starts at its date's midnight UTC; its end defaults from there.
  const startAt = allDay ? `${utcDateOf(start.value)}T00:00:00.000Z` : start.value;
  let endAt: string;
  if (input.endAt !== undefined) {
    const end = normalizeInstant(input.endAt, 'endAt');
    if (!end.ok) return end;
    endAt = end.value;
  } else if (prev && input.startAt !== undefined) {
    // Moving the start keeps the duration.
    endAt = new Date(Date.parse(startAt) + Date.parse(prev.endAt) - Date.parse(prev.startAt)).toISOString();
  } else
    endAt =
      prev?.endAt ??
      new Date(Date.parse(startAt) + (allDay ? DAY_MS : defaultMinutes * 60_000)).toISOString();
  if (allDay) {
    const endDay = Date.parse(`${utcDateOf(endAt)}T00:00:00Z`);
    endAt = new Date(
      endDay < Date.parse(endAt) || endDay <= Date.parse(startAt) ? endDay + DAY_MS : endDay,
    ).toISOString();
  }
  if (endAt < startAt) return refuse('endAt is before startAt', 'endAt');
  if (Date.parse(endAt) - Date.parse(startAt) > EVENT_MAX_DAYS * DAY_MS)
    return refuse(`an event lasts at most ${EVENT_MAX_DAYS} days`, 'endAt');
  const title = (input.title ?? prev?.title ?? '').trim();
  if (title === '') return refuse('title is empty', 'title');
  return {
    ok: true,
    value: {
      title,
      description: input.description !== undefined ? input.description : (prev?.description ?? null),
      location: input.location !== undefined ? input.location : (prev?.location ?? null),
      startAt,
      endAt,
      allDay,
      color: input.color !== undefined ? input.color : (prev?.color ?? null),
      noteId: input.noteId !== undefined ? input.noteId : (prev?.noteId ?? null),
    },
  };
}

/** Whether the event overlaps [from, to) (a zero-length event: its start is inside). */
export function overlaps(e: Pick<EventRecord, 'startAt' | 'endAt'>, from: string, to: string): boolean {
  return e.startAt === e.endAt ? e.startAt >= from && e.startAt < to : e.startAt < to && e.endAt > from;
}

export const toEventRow = (e: EventRecord): EventRow => ({ ...e, days: eventDays(e.startAt, e.endAt) });

export function fromEventRow(row: EventRow): EventRecord {
  const { days: _days, ...record } = row;
  return record;
}
