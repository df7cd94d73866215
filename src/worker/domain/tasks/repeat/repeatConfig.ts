import type { FromSchema } from 'json-schema-to-ts';
import { invalid, type ValidationError } from '../errors';
import { parseIsoDate } from './calendarDate';
import { type repeatConfigSchema, WEEKDAY_VALUES } from './repeatConfigSchema';

export const WEEKDAYS = WEEKDAY_VALUES;
export type Weekday = (typeof WEEKDAYS)[number];
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const REPEAT_FROM = ['due', 'completion'] as const;
export type RepeatFrom = (typeof REPEAT_FROM)[number];

/**
 * How a task repeats (spec 2.3 leaves the shape open; Cairn's is `repeatConfigSchema`, see
 * docs/tasks.md). Anchors (`weekdays`, `monthDay`, `nthWeekday`, `month`) are filled from the due
 * date when the rule is set, so a monthly task on the 31st stays on the 31st after a short month.
 * `occurrence` is which occurrence this task is (1-based), advanced on each completion.
 */
export type RepeatConfig = FromSchema<typeof repeatConfigSchema>;

/**
 * The rules JSON Schema cannot say: anchors that belong to another frequency, both end kinds at
 * once, an occurrence past the count, an impossible end date.
 */
export function checkRepeatConfig(config: RepeatConfig, field = 'repeatConfig'): ValidationError | null {
  const { frequency } = config;
  if (config.weekdays !== undefined && frequency !== 'weekly') {
    return invalid(`${field}.weekdays`, 'weekdays apply only to a weekly rule', { expected: 'absent' });
  }
  if (config.nthWeekday !== undefined && frequency !== 'monthly') {
    return invalid(`${field}.nthWeekday`, 'nthWeekday applies only to a monthly rule', {
      expected: 'absent',
    });
  }
  if (config.monthDay !== undefined && frequency !== 'monthly' && frequency !== 'yearly') {
    return invalid(`${field}.monthDay`, 'monthDay applies only to monthly and yearly rules', {
      expected: 'absent',
    });
  }
  if (config.month !== undefined && frequency !== 'yearly') {
    return invalid(`${field}.month`, 'month applies only to a yearly rule', { expected: 'absent' });
  }
  if (config.monthDay !== undefined && config.nthWeekday !== undefined) {
    return invalid(`${field}.nthWeekday`, 'a monthly rule is by day of month or by nth weekday, not both');
  }
  if (config.weekdays !== undefined && new Set(config.weekdays).size !== config.weekdays.length) {
    return invalid(`${field}.weekdays`, 'weekdays must not repeat', { allowed: [...WEEKDAYS] });
  }
  if (config.endDate != null && config.count != null) {
    return invalid(`${field}.count`, 'a rule ends by date or by count, not both');
  }
  if (config.endDate != null && parseIsoDate(config.endDate) === null) {
    return invalid(`${field}.endDate`, `${config.endDate} is not a calendar date`, {
      expected: 'YYYY-MM-DD',
    });
  }
  if (config.count != null && (config.occurrence ?? 1) > config.count) {
    return invalid(`${field}.occurrence`, 'occurrence is past the count', {
      expected: `at most ${config.count}`,
    });
  }
  if (frequency === 'yearly' && config.month !== undefined && config.monthDay !== undefined) {
    const longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][config.month - 1] ?? 31;
    if (config.monthDay > longest) {
      return invalid(`${field}.monthDay`, `month ${config.month} has no day ${config.monthDay}`, {
        expected: `1..${longest}`,
      });
    }
  }
  return null;
}
