import { describe, expect, it } from 'vitest';
import { repeatConfigOf, repeatFormOf } from '../../../../../src/ui/planning/tasks/repeatForm';
import type { RepeatConfig } from '../../../../../src/worker/domain/tasks';
import { checkRepeatConfig } from '../../../../../src/worker/domain/tasks/repeat/repeatConfig';

// Every shape the domain allows (docs/tasks.md, "Repeating tasks"), as an agent or another device
// could have set it: an untouched editor must save each back exactly.
const SHAPES: RepeatConfig[] = [
  { frequency: 'daily', interval: 1 },
  { frequency: 'daily', interval: 3, endDate: '2027-01-31' },
  { frequency: 'daily', interval: 2, count: 5, occurrence: 3 },
  { frequency: 'weekly', interval: 1, weekdays: ['mon', 'thu'] },
  { frequency: 'weekly', interval: 2, weekdays: ['thu', 'mon'], count: 10 },
  { frequency: 'weekly', interval: 1 },
  { frequency: 'monthly', interval: 1, monthDay: 31 },
  { frequency: 'monthly', interval: 6, nthWeekday: { nth: -1, weekday: 'fri' }, endDate: null },
  { frequency: 'monthly', interval: 1, nthWeekday: { nth: 2, weekday: 'tue' }, count: null },
  { frequency: 'yearly', interval: 1, month: 2, monthDay: 29, occurrence: 7 },
  { frequency: 'yearly', interval: 4, endDate: '2040-12-31', count: null, occurrence: 1 },
];

describe('repeat editor', () => {
  it.each(SHAPES.map((s) => [JSON.stringify(s), s] as const))('round-trips %s unchanged', (_, config) => {
    expect(checkRepeatConfig(config)).toBeNull();
    const saved = repeatConfigOf(repeatFormOf(config), config);
    // toStrictEqual: no key added or lost, explicit nulls kept, arrays in their order
    expect(saved).toStrictEqual(config);
  });

  it('no rule stays no rule', () => {
    expect(repeatConfigOf(repeatFormOf(null), null)).toBeNull();
  });

  it('builds weekly on chosen weekdays in calendar order, and after N times', () => {
    const form = { ...repeatFormOf(null), frequency: 'weekly' as const, weekdays: ['thu', 'mon'] as const };
    const config = repeatConfigOf({ ...form, weekdays: [...form.weekdays], ends: 'count', count: 8 }, null);
    expect(config).toStrictEqual({ frequency: 'weekly', interval: 1, weekdays: ['mon', 'thu'], count: 8 });
    expect(checkRepeatConfig(config as RepeatConfig)).toBeNull();
  });

  it('builds monthly by nth weekday and by day, and yearly on a month and day', () => {
    const base = repeatFormOf(null);
    expect(
      repeatConfigOf({ ...base, frequency: 'monthly', monthlyBy: 'nth', nth: 3, nthWeekday: 'wed' }, null),
    ).toStrictEqual({ frequency: 'monthly', interval: 1, nthWeekday: { nth: 3, weekday: 'wed' } });
    expect(repeatConfigOf({ ...base, frequency: 'monthly', monthDay: 15 }, null)).toStrictEqual({
      frequency: 'monthly',
      interval: 1,
      monthDay: 15,
    });
    expect(
      repeatConfigOf({ ...base, frequency: 'yearly', month: 3, monthDay: 1, interval: 2 }, null),
    ).toStrictEqual({ frequency: 'yearly', interval: 2, month: 3, monthDay: 1 });
  });

  it('a changed frequency drops the anchors the worker would refuse, keeps the occurrence', () => {
    const weekly: RepeatConfig = { frequency: 'weekly', interval: 1, weekdays: ['mon'], occurrence: 4 };
    const saved = repeatConfigOf({ ...repeatFormOf(weekly), frequency: 'monthly' }, weekly);
    expect(saved).toStrictEqual({ frequency: 'monthly', interval: 1, occurrence: 4 });
    expect(checkRepeatConfig(saved as RepeatConfig)).toBeNull();
  });

  it('switching the end from a date to a count never sends both', () => {
    const dated: RepeatConfig = { frequency: 'daily', interval: 1, endDate: '2027-05-01' };
    const saved = repeatConfigOf({ ...repeatFormOf(dated), ends: 'count', count: 3 }, dated);
    expect(saved).toStrictEqual({ frequency: 'daily', interval: 1, count: 3 });
    expect(repeatConfigOf({ ...repeatFormOf(dated), ends: 'never' }, dated)).toStrictEqual({
      frequency: 'daily',
      interval: 1,
    });
  });

  it('clamps an out-of-range interval and month day to the schema bounds', () => {
    const base = repeatFormOf(null);
    expect(repeatConfigOf({ ...base, frequency: 'daily', interval: 0 }, null)).toStrictEqual({
      frequency: 'daily',
      interval: 1,
    });
    expect(
      repeatConfigOf({ ...base, frequency: 'monthly', interval: 5000, monthDay: 40 }, null),
    ).toStrictEqual({ frequency: 'monthly', interval: 999, monthDay: 31 });
  });
});
