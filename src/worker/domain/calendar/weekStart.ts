/**
 * Where a week starts, for every grid that lays days out in weeks (the journal's month view and
 * heatmap, the calendar's week and month): the `weekStartsOn` settings of the journal and calendar
 * groups. Pure date arithmetic on `YYYY-MM-DD` in UTC, so no DST change can shift a day.
 */
export type WeekStart = 'monday' | 'sunday';

const NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_MS = 86_400_000;

/** 0 for Sunday .. 6 for Saturday (JavaScript's numbering), of a `YYYY-MM-DD` date. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const firstDayIndex = (start: WeekStart) => (start === 'sunday' ? 0 : 1);

/** How many days of its week come before `date` (0 when it is the week's first day). */
export function dayInWeek(date: string, start: WeekStart): number {
  return (weekdayOf(date) - firstDayIndex(start) + 7) % 7;
}

/** The first day of the week holding `date`. */
export function weekStartOf(date: string, start: WeekStart): string {
  const t = Date.parse(`${date}T00:00:00Z`) - dayInWeek(date, start) * DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

/** The short weekday names in column order, e.g. Sun..Sat when weeks start on Sunday. */
export function weekdayLabels(start: WeekStart): string[] {
  const first = firstDayIndex(start);
  return Array.from({ length: 7 }, (_, i) => NAMES[(first + i) % 7] as string);
}
