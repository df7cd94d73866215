import { clockLabel, type TimeFormat } from '../../../worker/domain/calendar/clockLabel';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM:SS` in local time: the value a `datetime-local` input with seconds takes. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A `datetime-local` value (local time) as an ISO UTC instant, or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Local midnight of `date` (YYYY-MM-DD) as an ISO UTC instant. */
export const localMidnight = (date: string) => new Date(`${date}T00:00:00`).toISOString();

/** An instant's local time as the calendar's timeFormat setting shows it (`14:30` or `2:30 PM`). */
export function timeLabel(iso: string, format: TimeFormat): string {
  const d = new Date(iso);
  return clockLabel(d.getHours(), d.getMinutes(), format);
}

/** `HH:MM` of an instant in local time (a time input's value, whatever the display format). */
export function localClock(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local date `YYYY-MM-DD` of an instant. */
export function localDateOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A short human form of an instant in the user's locale, e.g. "Sat 21 Nov, 10:30". */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
