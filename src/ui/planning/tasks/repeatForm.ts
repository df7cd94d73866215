import type { RepeatConfig } from '../../../worker/domain/tasks';

export type RepeatChoice = 'none' | RepeatConfig['frequency'];
export type Weekday = NonNullable<RepeatConfig['weekdays']>[number];
export type Nth = NonNullable<RepeatConfig['nthWeekday']>['nth'];
export type RepeatEnds = 'never' | 'date' | 'count';

export const WEEKDAY_CHOICES: readonly { value: Weekday; label: string; short: string }[] = [
  { value: 'mon', label: 'Monday', short: 'Mon' },
  { value: 'tue', label: 'Tuesday', short: 'Tue' },
  { value: 'wed', label: 'Wednesday', short: 'Wed' },
  { value: 'thu', label: 'Thursday', short: 'Thu' },
  { value: 'fri', label: 'Friday', short: 'Fri' },
  { value: 'sat', label: 'Saturday', short: 'Sat' },
  { value: 'sun', label: 'Sunday', short: 'Sun' },
];
export const NTH_CHOICES: readonly { value: Nth; label: string }[] = [
  { value: 1, label: 'First' },
  { value: 2, label: 'Second' },
  { value: 3, label: 'Third' },
  { value: 4, label: 'Fourth' },
  { value: -1, label: 'Last' },
];

/**
 * Every field of a `repeatConfig` as the editor shows it. Empty anchors (no weekday ticked, no
 * month day, no month) mean "from the due date": the worker fills them when the rule is saved.
 */
export interface RepeatFormValues {
  frequency: RepeatChoice;
  interval: number;
  weekdays: Weekday[];
  monthlyBy: 'day' | 'nth';
  monthDay: number | null;
  nth: Nth;
  nthWeekday: Weekday;
  month: number | null;
  ends: RepeatEnds;
  endDate: string;
  count: number | null;
}

/** The form's starting values for a task's rule (or for no rule). */
export function repeatFormOf(config: RepeatConfig | null): RepeatFormValues {
  return {
    frequency: config?.frequency ?? 'none',
    interval: config?.interval ?? 1,
    weekdays: [...(config?.weekdays ?? [])],
    monthlyBy: config?.nthWeekday ? 'nth' : 'day',
    monthDay: config?.monthDay ?? null,
    nth: config?.nthWeekday?.nth ?? 1,
    nthWeekday: config?.nthWeekday?.weekday ?? 'mon',
    month: config?.month ?? null,
    ends: config?.endDate != null ? 'date' : config?.count != null ? 'count' : 'never',
    endDate: config?.endDate ?? '',
    count: config?.count ?? null,
  };
}

const clampInt = (n: number, min: number, max: number): number =>
  Math.max(min, Math.min(max, Math.floor(n) || min));

/**
 * The rule the form describes. `previous` is the task's current rule: what the form does not show
 * (`occurrence`, and explicit `null` ends) is carried over from it, so saving an untouched form
 * gives back exactly the rule an agent or another device set; anchors of another frequency are
 * dropped because the worker refuses them.
 */
export function repeatConfigOf(form: RepeatFormValues, previous: RepeatConfig | null): RepeatConfig | null {
  if (form.frequency === 'none') return null;
  const config: RepeatConfig = { frequency: form.frequency, interval: clampInt(form.interval, 1, 999) };
  if (form.frequency === 'weekly' && form.weekdays.length > 0) {
    // Calendar order, one of each; the same set as before keeps the previous array as it was, so
    // an agent's ['thu', 'mon'] is not rewritten (and its clock not ticked) by an untouched Save.
    const days = WEEKDAY_CHOICES.map((c) => c.value).filter((w) => form.weekdays.includes(w));
    const before = previous?.weekdays;
    const same = before?.length === days.length && days.every((d) => before.includes(d));
    config.weekdays = same && before !== undefined ? [...before] : days;
  }
  if (form.frequency === 'monthly' && form.monthlyBy === 'nth') {
    config.nthWeekday = { nth: form.nth, weekday: form.nthWeekday };
  } else if ((form.frequency === 'monthly' || form.frequency === 'yearly') && form.monthDay !== null) {
    config.monthDay = clampInt(form.monthDay, 1, 31);
  }
  if (form.frequency === 'yearly' && form.month !== null) config.month = clampInt(form.month, 1, 12);
  if (form.ends === 'date' && form.endDate !== '') config.endDate = form.endDate;
  else if (previous?.endDate === null) config.endDate = null;
  if (form.ends === 'count' && form.count !== null) config.count = clampInt(form.count, 1, 10000);
  else if (previous?.count === null) config.count = null;
  if (previous?.occurrence !== undefined) config.occurrence = previous.occurrence;
  return config;
}

/** Tags typed as `a, b, #c`: trimmed, `#` dropped, empties skipped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim().replace(/^#+/, ''))
    .filter((t) => t !== '');
}
