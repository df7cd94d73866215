import type { VaultDb } from '../../db/schema';
import { type EventRecord, fromEventRow, overlaps } from '../../domain/calendar/calendarEvent';

const DAY_MS = 86_400_000;

/**
 * The events of a local calendar date (the journal's day context): timed events overlapping its
 * local midnight-to-midnight, and all-day events whose (floating, UTC) dates include it. One scan
 * of the `days` index over the two or three UTC dates involved.
 */
export async function eventsOnDate(db: VaultDb, date: string): Promise<EventRecord[]> {
  const from = new Date(Date.parse(`${date}T00:00:00`)).toISOString();
  const to = new Date(Date.parse(from) + DAY_MS).toISOString();
  const rows = await db.calendarEvents
    .where('days')
    .between(
      from.slice(0, 10) < date ? from.slice(0, 10) : date,
      to.slice(0, 10) > date ? to.slice(0, 10) : date,
      true,
      true,
    )
    .distinct()
    .filter((e) => (e.allDay ? e.days.includes(date) : overlaps(e, from, to)))
    .limit(200)
    .toArray();
  return rows
    .map(fromEventRow)
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.startAt.localeCompare(b.startAt));
}
