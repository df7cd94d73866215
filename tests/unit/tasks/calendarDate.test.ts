import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInMonth,
  formatIsoDate,
  fromDayNumber,
  isoWeekday,
  parseIsoDate,
  toDayNumber,
} from '../../../src/worker/domain/tasks/repeat/calendarDate';

describe('calendar dates', () => {
  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2025-02-29')).toBeNull();
    expect(parseIsoDate('2026-04-31')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('2026-1-01')).toBeNull();
    expect(parseIsoDate('0000-01-01')).toBeNull();
    expect(parseIsoDate('2026-01-01T00:00')).toBeNull();
  });

  it('knows leap years and month lengths', () => {
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('adds days across month, year and DST boundaries without drift', () => {
    expect(formatIsoDate(addDays({ year: 2026, month: 3, day: 28 }, 1))).toBe('2026-03-29');
    expect(formatIsoDate(addDays({ year: 2026, month: 3, day: 29 }, 1))).toBe('2026-03-30');
    expect(formatIsoDate(addDays({ year: 2024, month: 12, day: 31 }, 1))).toBe('2025-01-01');
    expect(formatIsoDate(addDays({ year: 2024, month: 3, day: 1 }, -1))).toBe('2024-02-29');
  });

  it('weekday: 2026-11-21 is a Saturday', () => {
    expect(isoWeekday({ year: 2026, month: 11, day: 21 })).toBe(6);
    expect(isoWeekday({ year: 2026, month: 11, day: 23 })).toBe(1);
  });

  it('day numbers round-trip for every date 1900..2200', () => {
    fc.assert(
      fc.property(fc.integer({ min: toDayNumber({ year: 1900, month: 1, day: 1 }), max: 84_000 }), (n) => {
        const ymd = fromDayNumber(n);
        expect(toDayNumber(ymd)).toBe(n);
        expect(parseIsoDate(formatIsoDate(ymd))).toEqual(ymd);
      }),
    );
  });
});
