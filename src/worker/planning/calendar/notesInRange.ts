import type { VaultDb } from '../../db/schema';
import { parseDateKey } from '../../domain/notes/noteDates';
import { addDays, formatIsoDate, parseIsoDate } from '../../domain/tasks/repeat/calendarDate';
import { notePath } from '../../ops/notes/noteShape';
import { nameKeyOf } from '../../ops/properties/propertyRules';
import { calendarDateProperties } from './calendarDateProperties';

/** A note on the calendar: one of its visible date properties falls in the range. */
export interface CalendarNote {
  id: string;
  title: string;
  path: string;
  /** the property's name as the note writes it */
  property: string;
  /** YYYY-MM-DD, a floating day like an all-day event's */
  date: string;
}

const dayAfter = (date: string) => {
  const ymd = parseIsoDate(date);
  return ymd ? formatIsoDate(addDays(ymd, 1)) : date;
};

/**
 * The notes whose visible date properties name a day overlapping [from, to) (normalized UTC
 * instants), a day covering [date 00:00Z, next day 00:00Z) as an all-day event does. One range
 * read of the `dateKeys` index (keys only: a hidden property costs no row read), then the rows of
 * at most `limit` hits. In date order, then title; one entry per note and property.
 */
export async function notesInRange(
  db: Pick<VaultDb, 'notes' | 'propertyDefinitions' | 'calendarProperties'>,
  from: string,
  to: string,
  limit: number,
): Promise<{ notes: CalendarNote[]; truncated: boolean }> {
  const visible = new Set(
    [...(await calendarDateProperties(db))].filter(([, p]) => p.visible).map(([k]) => k),
  );
  const first = from.slice(0, 10);
  const end = to.slice(10) === 'T00:00:00.000Z' ? to.slice(0, 10) : dayAfter(to.slice(0, 10));
  if (visible.size === 0 || end <= first) return { notes: [], truncated: false };
  const hits: { id: string; date: string; name: string }[] = [];
  let truncated = false;
  await db.notes
    .where('dateKeys')
    .between(first, end, true, false)
    .eachKey((key, cursor) => {
      const { date, name } = parseDateKey(String(key));
      if (!visible.has(nameKeyOf(name))) return;
      if (hits.length < limit) hits.push({ id: String(cursor.primaryKey), date, name });
      else truncated = true;
    });
  const rows = await db.notes.bulkGet([...new Set(hits.map((h) => h.id))]);
  const byId = new Map(rows.flatMap((r) => (r ? [[r.id, r] as const] : [])));
  const notes = hits.flatMap((h) => {
    const row = byId.get(h.id);
    return row ? [{ id: row.id, title: row.title, path: notePath(row), property: h.name, date: h.date }] : [];
  });
  notes.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  return { notes, truncated };
}
