/**
 * Calendar-date arithmetic on `YYYY-MM-DD` strings. Dates are days, not instants: the math runs
 * on UTC day numbers, where no day is 23 or 25 hours long, so daylight-saving changes in the
 * user's zone cannot shift a date. Years 0001..9999 only.
 */
export interface YMD {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number; // 1..31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Parse a real calendar date (2026-02-30 is refused), or null. */
export function parseIsoDate(text: string): YMD | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

export function formatIsoDate({ year, month, day }: YMD): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 (negative before). */
export function toDayNumber({ year, month, day }: YMD): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return Math.floor(d.getTime() / DAY_MS);
}

export function fromDayNumber(dayNumber: number): YMD {
  const d = new Date(dayNumber * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addDays(date: YMD, days: number): YMD {
  return fromDayNumber(toDayNumber(date) + days);
}

/** ISO weekday: 1 Monday .. 7 Sunday. */
export function isoWeekday(date: YMD): number {
  const jsDay = new Date(toDayNumber(date) * DAY_MS).getUTCDay();
  return jsDay === 0 ? 7 : jsDay;
}

/** The month `months` after (year, month), as (year, month). */
export function shiftMonth(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The date with `day` in the given month, clamped to the month's last day (31 → 30, 29, 28). */
export function clampedDate(year: number, month: number, day: number): YMD {
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}

/** Whole days from a to b (positive when b is later). */
export function daysBetween(a: YMD, b: YMD): number {
  return toDayNumber(b) - toDayNumber(a);
}

export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
