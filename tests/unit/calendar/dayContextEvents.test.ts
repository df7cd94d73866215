import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/worker/domain/calendar/calendarEvent';
import { openRecordsVault, type RecordsVault, value } from './recordsVault';

describe('journal.getDayContext lists the day’s calendar events', () => {
  let v: RecordsVault;
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(() => v.close());

  it('timed events of that local day and all-day events of that date, all-day first', async () => {
    // Local midnight of the day as the worker reads it (the test process's own time zone).
    const dayStart = Date.parse('2026-11-24T00:00:00');
    const at = (hours: number) => new Date(dayStart + hours * 3_600_000).toISOString();
    for (const [title, startAt, endAt, allDay] of [
      ['Standup', at(9), at(9.25), false],
      ['Holiday', '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z', true],
      ['Next day', at(25), at(26), false],
      ['Late night', at(-2), at(1), false],
    ] as const)
      value(await v.write('calendar.createEvent', { title, startAt, endAt, allDay }));
    const ctx = value<{ events: EventRecord[] }>(await v.read('journal.getDayContext', '2026-11-24'));
    expect(ctx.events.map((e) => e.title)).toEqual(['Holiday', 'Late night', 'Standup']);
  });
});
