/**
 * Time-of-day labels for the calendar's `timeFormat` setting, and the clock arithmetic of a new
 * event's default end (`defaultEventMinutes`). Pure: the caller reads hours and minutes in the
 * user's zone.
 */
export type TimeFormat = '24h' | '12h';

const pad = (n: number) => String(n).padStart(2, '0');

/** `09:05` (24h) or `9:05 AM` (12h; midnight is 12:00 AM, noon 12:00 PM). */
export function clockLabel(hours: number, minutes: number, format: TimeFormat): string {
  if (format === '24h') return `${pad(hours)}:${pad(minutes)}`;
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * `HH:MM` moved on by `minutes`, around the clock: 23:30 + 60 is 00:30. An end at or before its
 * start is read by the event form as the next day, so a default end past midnight (or exactly a
 * day later, 1440 minutes) still makes an event of `minutes`. Null for a time that is not HH:MM.
 */
export function addMinutesToClock(clock: string, minutes: number): string | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!m) return null;
  const total = (((Number(m[1]) * 60 + Number(m[2]) + minutes) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
