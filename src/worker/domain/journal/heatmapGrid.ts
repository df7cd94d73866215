import { dayInWeek, type WeekStart } from '../calendar/weekStart';

/** One day of the heatmap: its date, whether it has an entry, the entry's words, a 0..4 shade. */
export interface HeatCell {
  date: string;
  words: number;
  hasEntry: boolean;
  /** 0: no entry; 1..4: up to 50, 200, 500, more words */
  level: 0 | 1 | 2 | 3 | 4;
}

const DAY_MS = 86_400_000;

/** A shade from a day's words: an entry of any length shows (level 1 at least). */
export function heatLevel(words: number | undefined): HeatCell['level'] {
  if (words === undefined) return 0;
  return words <= 50 ? 1 : words <= 200 ? 2 : words <= 500 ? 3 : 4;
}

/**
 * A year as heatmap columns: one column a week (its first day, `weekStartsOn`, on top), seven
 * slots each, null before 1 January and after 31 December. `days` maps a date with an entry to
 * its word count (the reply of journal.getHeatmap). Calendar arithmetic in UTC so no DST change
 * can skip a day. Pure.
 */
export function heatmapWeeks(
  year: number,
  days: Readonly<Record<string, number>>,
  weekStartsOn: WeekStart = 'monday',
): (HeatCell | null)[][] {
  const y = String(year).padStart(4, '0');
  const start = Date.parse(`${y}-01-01T00:00:00Z`);
  const end = Date.parse(`${y}-12-31T00:00:00Z`);
  const lead = dayInWeek(`${y}-01-01`, weekStartsOn);
  const weeks: (HeatCell | null)[][] = [];
  let week: (HeatCell | null)[] = Array.from({ length: lead }, () => null);
  for (let t = start; t <= end; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const words = days[date];
    week.push({ date, words: words ?? 0, hasEntry: words !== undefined, level: heatLevel(words) });
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** What a cell says to assistive technology: date, entries, words. */
export function heatLabel(cell: HeatCell): string {
  return cell.hasEntry
    ? `${cell.date}: 1 entry, ${cell.words} ${cell.words === 1 ? 'word' : 'words'}`
    : `${cell.date}: no entry`;
}
