import { addDays, formatIsoDate, parseIsoDate } from '../tasks/repeat/calendarDate';

export interface Streak {
  /** consecutive days with an entry ending today, or ending yesterday when today has none yet */
  current: number;
  longest: number;
  /** the date of the last entry, or null */
  lastDate: string | null;
}

/**
 * Streaks over the dates that have an entry (any order, duplicates ignored). A streak still
 * counts on a day the user has not written yet: it breaks only once a whole day is missed.
 */
export function computeStreak(dates: readonly string[], today: string): Streak {
  const sorted = [...new Set(dates)].sort();
  let longest = 0;
  let run = 0;
  let prev: string | null = null;
  for (const date of sorted) {
    run = prev !== null && nextDay(prev) === date ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = date;
  }
  const last = sorted.at(-1) ?? null;
  const alive = last !== null && (last === today || nextDay(last) === today);
  return { current: alive ? run : 0, longest, lastDate: last };
}

function nextDay(date: string): string {
  return formatIsoDate(addDays(parseIsoDate(date)!, 1));
}
