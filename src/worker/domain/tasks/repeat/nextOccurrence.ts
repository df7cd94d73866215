import {
  addDays,
  clampedDate,
  formatIsoDate,
  isoWeekday,
  parseIsoDate,
  shiftMonth,
  toDayNumber,
  type YMD,
} from './calendarDate';
import { type RepeatConfig, type RepeatFrom, WEEKDAYS, type Weekday } from './repeatConfig';

export interface Occurrence {
  /** the next due date, `YYYY-MM-DD` */
  readonly date: string;
  /** the rule for the next occurrence (its `occurrence` advanced by one) */
  readonly config: RepeatConfig;
}

const weekdayNumber = (w: Weekday): number => WEEKDAYS.indexOf(w) + 1;

/**
 * Fill the anchors a rule leaves implicit from `anchorDate` (the due date when the rule is set):
 * weekly → that weekday, monthly → that day of month (unless by nth weekday), yearly → that month
 * and day. Anchoring once is what keeps a 31st-of-the-month task on the 31st after February.
 */
export function anchorRepeatConfig(config: RepeatConfig, anchorDate: string): RepeatConfig {
  const anchor = parseIsoDate(anchorDate);
  if (anchor === null) throw new Error(`anchorRepeatConfig: not a date: ${anchorDate}`);
  switch (config.frequency) {
    case 'weekly':
      return config.weekdays?.length ? config : { ...config, weekdays: [WEEKDAYS[isoWeekday(anchor) - 1]!] };
    case 'monthly':
      return config.monthDay !== undefined || config.nthWeekday !== undefined
        ? config
        : { ...config, monthDay: anchor.day };
    case 'yearly':
      return { ...config, month: config.month ?? anchor.month, monthDay: config.monthDay ?? anchor.day };
    default:
      return config;
  }
}

/**
 * The occurrence after `from`, or null when the series has ended (past `endDate`, or `count`
 * occurrences reached). With `repeatFrom` 'due', `from` is the current due date and the result is
 * the first date strictly after it that the rule names, stepping `interval` periods; with
 * 'completion', `from` is the completion date and the result is `interval` days/weeks/months/years
 * after it (month ends clamp: Jan 31 + 1 month = Feb 28/29). Calendar dates only: no time zone or
 * daylight-saving change can move the result.
 */
export function nextOccurrence(
  config: RepeatConfig,
  from: string,
  repeatFrom: RepeatFrom,
): Occurrence | null {
  const start = parseIsoDate(from);
  if (start === null) throw new Error(`nextOccurrence: not a date: ${from}`);
  const occurrence = config.occurrence ?? 1;
  if (config.count != null && occurrence >= config.count) return null;
  const next = repeatFrom === 'completion' ? afterCompletion(config, start) : afterDue(config, start);
  const date = formatIsoDate(next);
  if (config.endDate != null && date > config.endDate) return null;
  return { date, config: { ...config, occurrence: occurrence + 1 } };
}

function afterCompletion(config: RepeatConfig, from: YMD): YMD {
  const n = config.interval;
  switch (config.frequency) {
    case 'daily':
      return addDays(from, n);
    case 'weekly':
      return addDays(from, 7 * n);
    case 'monthly': {
      const m = shiftMonth(from.year, from.month, n);
      return clampedDate(m.year, m.month, from.day);
    }
    case 'yearly':
      return clampedDate(from.year + n, from.month, from.day);
  }
}

function afterDue(config: RepeatConfig, from: YMD): YMD {
  const n = config.interval;
  switch (config.frequency) {
    case 'daily':
      return addDays(from, n);
    case 'weekly':
      return nextWeekly(config, from);
    case 'monthly': {
      const inMonth = (year: number, month: number) => monthlyCandidate(config, year, month, from.day);
      const here = inMonth(from.year, from.month);
      if (toDayNumber(here) > toDayNumber(from)) return here;
      const m = shiftMonth(from.year, from.month, n);
      return inMonth(m.year, m.month);
    }
    case 'yearly': {
      const month = config.month ?? from.month;
      const day = config.monthDay ?? from.day;
      const here = clampedDate(from.year, month, day);
      if (toDayNumber(here) > toDayNumber(from)) return here;
      return clampedDate(from.year + n, month, day);
    }
  }
}

/** Weeks start on Monday; the rule's weeks are every `interval`th week counted from `from`'s. */
function nextWeekly(config: RepeatConfig, from: YMD): YMD {
  const days = (config.weekdays?.length ? config.weekdays.map(weekdayNumber) : [isoWeekday(from)]).sort(
    (a, b) => a - b,
  );
  const today = isoWeekday(from);
  const laterThisWeek = days.find((d) => d > today);
  if (laterThisWeek !== undefined) return addDays(from, laterThisWeek - today);
  const weekStart = addDays(from, 1 - today);
  return addDays(weekStart, 7 * config.interval + (days[0]! - 1));
}

function monthlyCandidate(config: RepeatConfig, year: number, month: number, fallbackDay: number): YMD {
  if (config.nthWeekday !== undefined) {
    return nthWeekdayOfMonth(year, month, config.nthWeekday.nth, weekdayNumber(config.nthWeekday.weekday));
  }
  return clampedDate(year, month, config.monthDay ?? fallbackDay);
}

/** The nth (1..4) or last (-1) given ISO weekday of a month. */
export function nthWeekdayOfMonth(year: number, month: number, nth: number, weekday: number): YMD {
  if (nth === -1) {
    const last = clampedDate(year, month, 31);
    return addDays(last, -((isoWeekday(last) - weekday + 7) % 7));
  }
  const first: YMD = { year, month, day: 1 };
  const offset = (weekday - isoWeekday(first) + 7) % 7;
  return addDays(first, offset + 7 * (nth - 1));
}
