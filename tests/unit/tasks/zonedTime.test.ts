import { describe, expect, it } from 'vitest';
import { nextOccurrence } from '../../../src/worker/domain/tasks/repeat/nextOccurrence';
import {
  instantToWallTime,
  isTimeZone,
  wallTimeToInstant,
} from '../../../src/worker/domain/tasks/repeat/zonedTime';

const HOUR = 3_600_000;

describe('wall time in a zone, across daylight-saving changes', () => {
  it('a daily 09:00 task across the Berlin spring change stays at 09:00 local (23 hours apart)', () => {
    const next = nextOccurrence({ frequency: 'daily', interval: 1 }, '2026-03-28', 'due');
    expect(next?.date).toBe('2026-03-29');
    const a = wallTimeToInstant('2026-03-28', '09:00', 'Europe/Berlin');
    const b = wallTimeToInstant(next!.date, '09:00', 'Europe/Berlin');
    expect(new Date(a).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(new Date(b).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(b - a).toBe(23 * HOUR);
  });

  it('New York: 23 hours across the March change, 25 across the November change', () => {
    const tz = 'America/New_York';
    expect(wallTimeToInstant('2026-03-08', '09:00', tz) - wallTimeToInstant('2026-03-07', '09:00', tz)).toBe(
      23 * HOUR,
    );
    expect(wallTimeToInstant('2026-11-01', '09:00', tz) - wallTimeToInstant('2026-10-31', '09:00', tz)).toBe(
      25 * HOUR,
    );
  });

  it('a weekly task keeps its wall time over the Berlin autumn change', () => {
    const next = nextOccurrence({ frequency: 'weekly', interval: 1 }, '2026-10-20', 'due');
    expect(next?.date).toBe('2026-10-27');
    expect(
      instantToWallTime(wallTimeToInstant(next!.date, '18:30', 'Europe/Berlin'), 'Europe/Berlin'),
    ).toEqual({
      date: '2026-10-27',
      time: '18:30',
    });
  });

  it('a skipped time resolves after the gap; a repeated time to its first occurrence', () => {
    const gap = wallTimeToInstant('2026-03-29', '02:30', 'Europe/Berlin');
    expect(new Date(gap).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantToWallTime(gap, 'Europe/Berlin').time).toBe('03:30');
    const twice = wallTimeToInstant('2026-10-25', '02:30', 'Europe/Berlin');
    expect(new Date(twice).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('a completion instant becomes the local calendar date of the user', () => {
    const ms = Date.parse('2026-03-29T22:30:00Z');
    expect(instantToWallTime(ms, 'Europe/Berlin')).toEqual({ date: '2026-03-30', time: '00:30' });
    expect(instantToWallTime(ms, 'America/New_York')).toEqual({ date: '2026-03-29', time: '18:30' });
  });

  it('knows real zone names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
