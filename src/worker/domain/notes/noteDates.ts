import { isIsoDate } from '../tasks/repeat/calendarDate';

/**
 * The dates a note's frontmatter names, as index keys for the calendar (schema v19, the notes
 * table's multi-entry `dateKeys` and `dateProps`). A property counts when its value is a date
 * (`2026-11-25`) or a date and time as written in YAML (`2026-11-25T09:30`, `2026-11-25 09:30`,
 * any offset): the date part is the day, "floating" like an all-day event's. Values of other
 * shapes, lists included, are not dates. Which of these properties the calendar shows is decided
 * at read time (a property defined with another type, or hidden, is skipped), so hiding one never
 * rewrites a note row.
 */

/** A note names at most this many date properties in the index; more are left out (row size). */
export const MAX_NOTE_DATES = 20;

const DATE_VALUE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** `date|name`: the date first, so one index range covers the dates of a calendar range. */
const SEP = '|';

export interface NoteDateFields {
  /** `YYYY-MM-DD|<property name as written>`, one per date-valued property */
  dateKeys: string[];
  /** the names of the date-valued properties, as written: lists the calendar's choices cheaply */
  dateProps: string[];
}

/** The calendar day a frontmatter value names, or null when it is not a date. */
export function dateOfValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DATE_VALUE.exec(value.trim());
  return m?.[1] && isIsoDate(m[1]) ? m[1] : null;
}

export function noteDateFields(properties: Record<string, unknown>): NoteDateFields {
  const dateKeys: string[] = [];
  const dateProps: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (dateKeys.length >= MAX_NOTE_DATES) break;
    const date = dateOfValue(value);
    if (date === null || name.trim() === '') continue;
    dateKeys.push(`${date}${SEP}${name}`);
    dateProps.push(name);
  }
  return { dateKeys, dateProps };
}

/** A `dateKeys` entry split back into its day and property name. */
export function parseDateKey(key: string): { date: string; name: string } {
  return { date: key.slice(0, 10), name: key.slice(11) };
}
