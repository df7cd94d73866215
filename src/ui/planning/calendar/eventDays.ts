import { shiftDate } from '../journal/localDate';
import type { CalendarEvent } from './eventTypes';
import { localDateOf } from './localTime';

/**
 * The local dates an event shows on: an all-day event on the UTC dates it covers (its dates are
 * "floating": the same calendar days everywhere); a timed event on each local date from its
 * start to just before its end.
 */
export function eventDates(e: CalendarEvent): string[] {
  const first = e.allDay ? e.startAt.slice(0, 10) : localDateOf(e.startAt);
  const lastMs = Math.max(Date.parse(e.startAt), Date.parse(e.endAt) - 1);
  const last = e.allDay
    ? new Date(lastMs).toISOString().slice(0, 10)
    : localDateOf(new Date(lastMs).toISOString());
  const dates = [first];
  while ((dates.at(-1) as string) < last && dates.length < 400)
    dates.push(shiftDate(dates.at(-1) as string, 1));
  return dates;
}

/** Events grouped by the local dates they show on, each day's in start order (all-day first). */
export function byDate(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const e of events)
    for (const d of eventDates(e)) {
      const list = days.get(d) ?? [];
      list.push(e);
      days.set(d, list);
    }
  for (const list of days.values())
    list.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.startAt.localeCompare(b.startAt));
  return days;
}

/** Dated notes grouped by their (floating) date, each day's in title order as the worker sent them. */
export function notesByDate<N extends { date: string }>(notes: readonly N[]): Map<string, N[]> {
  const days = new Map<string, N[]>();
  for (const n of notes) days.set(n.date, [...(days.get(n.date) ?? []), n]);
  return days;
}
