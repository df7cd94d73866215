import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatIsoDate,
  fromDayNumber,
  isoWeekday,
  parseIsoDate,
  toDayNumber,
} from '../../../src/worker/domain/tasks/repeat/calendarDate';
import { anchorRepeatConfig, nextOccurrence } from '../../../src/worker/domain/tasks/repeat/nextOccurrence';
import { type RepeatConfig, WEEKDAYS } from '../../../src/worker/domain/tasks/repeat/repeatConfig';

const dateArb = fc
  .integer({
    min: toDayNumber({ year: 1990, month: 1, day: 1 }),
    max: toDayNumber({ year: 2100, month: 12, day: 31 }),
  })
  .map((n) => formatIsoDate(fromDayNumber(n)));
const configArb: fc.Arbitrary<RepeatConfig> = fc.oneof(
  fc.record({ frequency: fc.constant('daily' as const), interval: fc.integer({ min: 1, max: 30 }) }),
  fc.record({
    frequency: fc.constant('weekly' as const),
    interval: fc.integer({ min: 1, max: 5 }),
    weekdays: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 }),
  }),
  fc.record({
    frequency: fc.constant('monthly' as const),
    interval: fc.integer({ min: 1, max: 12 }),
    monthDay: fc.integer({ min: 1, max: 31 }),
  }),
  fc.record({
    frequency: fc.constant('monthly' as const),
    interval: fc.integer({ min: 1, max: 12 }),
    nthWeekday: fc.record({ nth: fc.constantFrom(1, 2, 3, 4, -1), weekday: fc.constantFrom(...WEEKDAYS) }),
  }),
  fc.record({ frequency: fc.constant('yearly' as const), interval: fc.integer({ min: 1, max: 4 }) }),
);

describe('nextOccurrence properties (due mode)', () => {
  it('is strictly later, lands on a date the rule names, and is deterministic', () => {
    fc.assert(
      fc.property(configArb, dateArb, (raw, from) => {
        const config = anchorRepeatConfig(raw, from);
        const next = nextOccurrence(config, from, 'due');
        expect(next).not.toBeNull();
        const d = parseIsoDate(next!.date)!;
        expect(next!.date > from).toBe(true);
        expect(nextOccurrence(config, from, 'due')).toEqual(next);
        if (config.weekdays) expect(config.weekdays).toContain(WEEKDAYS[isoWeekday(d) - 1]);
        if (config.frequency === 'monthly' && config.monthDay !== undefined) {
          expect(d.day).toBe(Math.min(config.monthDay, daysInMonth(d.year, d.month)));
        }
        if (config.nthWeekday) {
          expect(WEEKDAYS[isoWeekday(d) - 1]).toBe(config.nthWeekday.weekday);
          if (config.nthWeekday.nth === -1) expect(d.day + 7).toBeGreaterThan(daysInMonth(d.year, d.month));
          else expect(Math.ceil(d.day / 7)).toBe(config.nthWeekday.nth);
        }
        if (config.frequency === 'yearly') {
          expect(d.month).toBe(config.month);
          expect(d.day).toBe(Math.min(config.monthDay!, daysInMonth(d.year, d.month)));
        }
        if (config.frequency === 'daily') {
          expect(toDayNumber(d) - toDayNumber(parseIsoDate(from)!)).toBe(config.interval);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
