import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/worker/domain/calendar/calendarEvent';
import { addMinutesToClock, clockLabel } from '../../../src/worker/domain/calendar/clockLabel';
import { weekStartOf } from '../../../src/worker/domain/calendar/weekStart';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { openRecordsVault, type RecordsVault, value } from './recordsVault';

describe('timeFormat: the calendar’s time labels', () => {
  it('writes 24-hour and 12-hour clocks, midnight and noon included', () => {
    const at = [
      [0, 0],
      [9, 5],
      [12, 0],
      [13, 30],
      [23, 59],
    ] as const;
    expect(at.map(([h, m]) => clockLabel(h, m, '24h'))).toEqual([
      '00:00',
      '09:05',
      '12:00',
      '13:30',
      '23:59',
    ]);
    expect(at.map(([h, m]) => clockLabel(h, m, '12h'))).toEqual([
      '12:00 AM',
      '9:05 AM',
      '12:00 PM',
      '1:30 PM',
      '11:59 PM',
    ]);
  });
});

describe('weekStartsOn: the week view’s first day', () => {
  it('is the Monday or the Sunday on or before the day shown', () => {
    // 2026-11-21 is a Saturday, 2026-11-22 a Sunday.
    expect(weekStartOf('2026-11-21', 'monday')).toBe('2026-11-16');
    expect(weekStartOf('2026-11-21', 'sunday')).toBe('2026-11-15');
    expect(weekStartOf('2026-11-22', 'sunday')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-22', 'monday')).toBe('2026-11-16');
  });
});

describe('defaultEventMinutes: a new event’s end', () => {
  it('the form’s end follows the start around the clock', () => {
    expect(addMinutesToClock('09:00', 60)).toBe('10:00');
    expect(addMinutesToClock('09:45', 30)).toBe('10:15');
    expect(addMinutesToClock('23:30', 90)).toBe('01:00');
    // A whole day ends at the start time (the form reads an end at or before its start as the next day).
    expect(addMinutesToClock('08:00', 1440)).toBe('08:00');
    expect(addMinutesToClock('8:00', 60)).toBeNull();
    expect(addMinutesToClock('24:00', 60)).toBeNull();
  });

  describe('calendar.createEvent', () => {
    let v: RecordsVault;
    beforeEach(async () => {
      v = await openRecordsVault();
    });
    afterEach(() => v.close());

    it('ends defaultEventMinutes after the start unless an end is given; all-day lasts a day', async () => {
      value(await createSettingsStore(v.services).setGroup('calendar', { defaultEventMinutes: 25 }));
      const start = '2026-11-24T09:30:00.000Z';
      const short = value<EventRecord>(
        await v.write('calendar.createEvent', { title: 'Stand-up', startAt: start }),
      );
      expect(short.endAt).toBe('2026-11-24T09:55:00.000Z');
      const given = value<EventRecord>(
        await v.write('calendar.createEvent', {
          title: 'Talk',
          startAt: start,
          endAt: '2026-11-24T11:00:00Z',
        }),
      );
      expect(given.endAt).toBe('2026-11-24T11:00:00.000Z');
      const allDay = value<EventRecord>(
        await v.write('calendar.createEvent', { title: 'Trip', startAt: start, allDay: true }),
      );
      expect(allDay).toMatchObject({
        startAt: '2026-11-24T00:00:00.000Z',
        endAt: '2026-11-25T00:00:00.000Z',
      });
      // Moving an event keeps its own length, whatever the setting says now.
      value(await createSettingsStore(v.services).setGroup('calendar', { defaultEventMinutes: 120 }));
      const moved = value<EventRecord>(
        await v.write('calendar.updateEvent', short.id, { startAt: '2026-11-24T10:00:00Z' }),
      );
      expect(moved.endAt).toBe('2026-11-24T10:25:00.000Z');
    });

    it('without the setting a new event lasts an hour', async () => {
      const e = value<EventRecord>(
        await v.write('calendar.createEvent', { title: 'Call', startAt: '2026-11-24T09:30:00Z' }),
      );
      expect(e.endAt).toBe('2026-11-24T10:30:00.000Z');
    });
  });
});
