/** The user's local calendar date `YYYY-MM-DD` (what "today" means in the journal). */
export function localDate(d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `date` moved by `days` (calendar arithmetic in UTC, so no DST edge can skip a day). */
export function shiftDate(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** `YYYY-MM` moved by `months`. */
export function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const isDate = (s: string | undefined): s is string =>
  s !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(s);
