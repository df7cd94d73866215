import { dayInWeek, type WeekStart } from '../calendar/weekStart';
import { daysInMonth, formatIsoDate, parseIsoDate } from '../tasks/repeat/calendarDate';

/** First and last date of a month given as `YYYY-MM`; null for a month that does not exist. */
export function monthRange(month: string): { from: string; to: string } | null {
  const first = parseIsoDate(`${month}-01`);
  if (first === null) return null;
  const last = { ...first, day: daysInMonth(first.year, first.month) };
  return { from: formatIsoDate(first), to: formatIsoDate(last) };
}

/** The dates of a month in weeks starting on `weekStartsOn`, `null` for the padding cells. */
export function monthGrid(month: string, weekStartsOn: WeekStart = 'monday'): (string | null)[][] {
  const first = parseIsoDate(`${month}-01`);
  if (first === null) return [];
  const cells: (string | null)[] = Array.from(
    { length: dayInWeek(formatIsoDate(first), weekStartsOn) },
    () => null,
  );
  for (let day = 1; day <= daysInMonth(first.year, first.month); day++)
    cells.push(formatIsoDate({ ...first, day }));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
