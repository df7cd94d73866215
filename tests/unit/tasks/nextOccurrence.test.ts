import { describe, expect, it } from 'vitest';
import { anchorRepeatConfig, nextOccurrence } from '../../../src/worker/domain/tasks/repeat/nextOccurrence';
import type { RepeatConfig } from '../../../src/worker/domain/tasks/repeat/repeatConfig';
import { checkRepeatConfig } from '../../../src/worker/domain/tasks/repeat/repeatConfig';

/** Follow a rule `n` times from `start` in 'due' mode and list the dates. */
function series(config: RepeatConfig, start: string, n: number): string[] {
  let c = anchorRepeatConfig(config, start);
  let date = start;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const next = nextOccurrence(c, date, 'due');
    if (next === null) break;
    out.push(next.date);
    c = next.config;
    date = next.date;
  }
  return out;
}

describe('nextOccurrence, from the due date', () => {
  it('daily with an interval', () => {
    expect(series({ frequency: 'daily', interval: 3 }, '2026-02-26', 3)).toEqual([
      '2026-03-01',
      '2026-03-04',
      '2026-03-07',
    ]);
  });

  it('monthly on the 31st: Jan 31 → Feb 28 → Mar 31 → Apr 30 (clamped, then back)', () => {
    expect(series({ frequency: 'monthly', interval: 1 }, '2026-01-31', 4)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(series({ frequency: 'monthly', interval: 1 }, '2024-01-31', 2)).toEqual([
      '2024-02-29',
      '2024-03-31',
    ]);
  });

  it('monthly on the 30th every 2 months crosses February and the year end', () => {
    expect(series({ frequency: 'monthly', interval: 2 }, '2025-12-30', 3)).toEqual([
      '2026-02-28',
      '2026-04-30',
      '2026-06-30',
    ]);
  });

  it('monthly by nth weekday: second Tuesday, and last Friday', () => {
    const second: RepeatConfig = {
      frequency: 'monthly',
      interval: 1,
      nthWeekday: { nth: 2, weekday: 'tue' },
    };
    expect(series(second, '2026-01-13', 3)).toEqual(['2026-02-10', '2026-03-10', '2026-04-14']);
    const last: RepeatConfig = { frequency: 'monthly', interval: 1, nthWeekday: { nth: -1, weekday: 'fri' } };
    expect(series(last, '2026-01-30', 3)).toEqual(['2026-02-27', '2026-03-27', '2026-04-24']);
  });

  it('yearly on Feb 29: Feb 28 in common years, Feb 29 again in the next leap year', () => {
    expect(series({ frequency: 'yearly', interval: 1 }, '2024-02-29', 4)).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('weekly on Mon/Wed/Fri, and every 2 weeks on Mon/Thu', () => {
    const mwf: RepeatConfig = { frequency: 'weekly', interval: 1, weekdays: ['mon', 'wed', 'fri'] };
    expect(series(mwf, '2026-11-20', 4)).toEqual(['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-30']);
    const biweekly: RepeatConfig = { frequency: 'weekly', interval: 2, weekdays: ['thu', 'mon'] };
    expect(series(biweekly, '2026-11-23', 3)).toEqual(['2026-11-26', '2026-12-07', '2026-12-10']);
  });

  it('weekly without weekdays keeps the weekday of the due date', () => {
    expect(series({ frequency: 'weekly', interval: 1 }, '2026-11-21', 2)).toEqual([
      '2026-11-28',
      '2026-12-05',
    ]);
  });

  it('a due date off the rule moves to the rule’s next date in the same period', () => {
    const on15: RepeatConfig = { frequency: 'monthly', interval: 1, monthDay: 15 };
    expect(nextOccurrence(on15, '2026-03-10', 'due')?.date).toBe('2026-03-15');
  });

  it('ends by date: nothing after endDate', () => {
    const c: RepeatConfig = { frequency: 'daily', interval: 1, endDate: '2026-01-03' };
    expect(series(c, '2026-01-01', 10)).toEqual(['2026-01-02', '2026-01-03']);
  });

  it('ends by count: 3 occurrences in all, counting the first', () => {
    const c: RepeatConfig = { frequency: 'weekly', interval: 1, count: 3 };
    expect(series(c, '2026-01-01', 10)).toEqual(['2026-01-08', '2026-01-15']);
    expect(
      nextOccurrence({ frequency: 'daily', interval: 1, count: 2, occurrence: 1 }, '2026-01-01', 'due')
        ?.config,
    ).toMatchObject({ occurrence: 2 });
  });
});

describe('nextOccurrence, from the completion date', () => {
  it('adds the interval to the completion date, ignoring the rule anchors', () => {
    const c: RepeatConfig = { frequency: 'weekly', interval: 2, weekdays: ['mon'] };
    expect(nextOccurrence(c, '2026-11-21', 'completion')?.date).toBe('2026-12-05');
    expect(nextOccurrence({ frequency: 'daily', interval: 1 }, '2026-03-28', 'completion')?.date).toBe(
      '2026-03-29',
    );
  });

  it('month ends and leap days clamp', () => {
    expect(nextOccurrence({ frequency: 'monthly', interval: 1 }, '2026-01-31', 'completion')?.date).toBe(
      '2026-02-28',
    );
    expect(nextOccurrence({ frequency: 'yearly', interval: 1 }, '2024-02-29', 'completion')?.date).toBe(
      '2025-02-28',
    );
    expect(nextOccurrence({ frequency: 'yearly', interval: 4 }, '2024-02-29', 'completion')?.date).toBe(
      '2028-02-29',
    );
  });
});

describe('checkRepeatConfig', () => {
  it('refuses anchors of another frequency, two end kinds, and an occurrence past the count', () => {
    expect(checkRepeatConfig({ frequency: 'daily', interval: 1, weekdays: ['mon'] })?.field).toBe(
      'repeatConfig.weekdays',
    );
    expect(
      checkRepeatConfig({
        frequency: 'monthly',
        interval: 1,
        monthDay: 3,
        nthWeekday: { nth: 1, weekday: 'mon' },
      })?.field,
    ).toBe('repeatConfig.nthWeekday');
    expect(
      checkRepeatConfig({ frequency: 'daily', interval: 1, endDate: '2026-01-01', count: 2 })?.field,
    ).toBe('repeatConfig.count');
    expect(checkRepeatConfig({ frequency: 'daily', interval: 1, count: 2, occurrence: 3 })?.field).toBe(
      'repeatConfig.occurrence',
    );
    expect(checkRepeatConfig({ frequency: 'yearly', interval: 1, month: 2, monthDay: 30 })?.field).toBe(
      'repeatConfig.monthDay',
    );
    expect(checkRepeatConfig({ frequency: 'daily', interval: 1, endDate: '2026-02-30' })?.field).toBe(
      'repeatConfig.endDate',
    );
    expect(checkRepeatConfig({ frequency: 'yearly', interval: 1, month: 2, monthDay: 29 })).toBeNull();
  });
});
