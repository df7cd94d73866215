import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/worker/domain/calendar/calendarEvent';
import { eventDays } from '../../../src/worker/domain/calendar/calendarEvent';
import { openRecordsVault, type RecordsVault, refusal, value } from './recordsVault';

describe('eventDays', () => {
  it('covers every UTC date the event touches, the end being exclusive', () => {
    expect(eventDays('2026-11-21T10:00:00.000Z', '2026-11-21T11:00:00.000Z')).toEqual(['2026-11-21']);
    expect(eventDays('2026-11-21T22:00:00.000Z', '2026-11-23T00:00:00.000Z')).toEqual([
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(eventDays('2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z')).toEqual(['2026-11-21']);
    expect(eventDays('2028-02-28T12:00:00.000Z', '2028-03-01T12:00:00.000Z')).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });
});

describe('calendar operations', () => {
  let v: RecordsVault;
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(() => v.close());

  it('creates with a normalized UTC start, a default hour, a clock, and announces the change', async () => {
    const e = value<EventRecord>(
      await v.write('calendar.createEvent', { title: ' Dentist ', startAt: '2026-11-24T09:30:00+01:00' }),
    );
    expect(e).toMatchObject({
      title: 'Dentist',
      startAt: '2026-11-24T08:30:00.000Z',
      endAt: '2026-11-24T09:30:00.000Z',
      allDay: false,
      clock: { devA: 1 },
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    expect(v.seen.at(-1)).toEqual([{ table: 'calendarEvents', op: 'put', ids: [e.id] }]);
    expect(value(await v.read('calendar.getEvent', e.id))).toEqual(e);
    expect((await v.db.calendarEvents.get(e.id))?.days).toEqual(['2026-11-24']);
  });

  it('getRange answers overlapping events in start order, including ones that began before', async () => {
    for (const [t, s, e] of [
      ['late', '2026-11-25T15:00:00Z', '2026-11-25T16:00:00Z'],
      ['trip', '2026-11-20T08:00:00Z', '2026-11-26T08:00:00Z'],
      ['before', '2026-11-23T08:00:00Z', '2026-11-24T00:00:00Z'],
      ['early', '2026-11-25T07:00:00Z', '2026-11-25T08:00:00Z'],
      ['after', '2026-11-26T00:00:00Z', '2026-11-26T01:00:00Z'],
    ] as const)
      value(await v.write('calendar.createEvent', { title: t, startAt: s, endAt: e }));
    const range = value<{ events: EventRecord[] }>(
      await v.read('calendar.getRange', { startAt: '2026-11-24T00:00:00Z', endAt: '2026-11-26T00:00:00Z' }),
    );
    expect(range.events.map((e) => e.title)).toEqual(['trip', 'early', 'late']);
    const all = value<{ events: EventRecord[]; total: number }>(await v.read('calendar.listEvents', {}));
    expect(all.total).toBe(5);
    expect(all.events[0]?.title).toBe('trip');
  });

  it('all-day events cover whole UTC dates; moving the start keeps the duration', async () => {
    const e = value<EventRecord>(
      await v.write('calendar.createEvent', {
        title: 'Holiday',
        startAt: '2026-12-24T10:00:00Z',
        allDay: true,
      }),
    );
    expect([e.startAt, e.endAt]).toEqual(['2026-12-24T00:00:00.000Z', '2026-12-25T00:00:00.000Z']);
    const t = value<EventRecord>(
      await v.write('calendar.createEvent', {
        title: 'Call',
        startAt: '2026-11-24T09:00:00Z',
        endAt: '2026-11-24T09:45:00Z',
      }),
    );
    const moved = value<EventRecord>(
      await v.write('calendar.updateEvent', t.id, { startAt: '2026-11-25T13:00:00Z' }),
    );
    expect([moved.startAt, moved.endAt]).toEqual(['2026-11-25T13:00:00.000Z', '2026-11-25T13:45:00.000Z']);
    expect(moved.clock).toEqual({ devA: 2 });
    expect((await v.db.calendarEvents.get(t.id))?.days).toEqual(['2026-11-25']);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const e = value<EventRecord>(
      await v.write('calendar.createEvent', { title: 'A', startAt: '2026-11-24T09:00:00Z' }),
    );
    const before = await v.db.calendarEvents.toArray();
    expect(
      refusal(await v.write('calendar.updateEvent', e.id, { endAt: '2026-11-24T08:00:00Z' })).field,
    ).toBe('endAt');
    expect(
      refusal(await v.write('calendar.createEvent', { title: 'B', startAt: '2026-02-30T10:00:00Z' })).field,
    ).toBe('startAt');
    expect(
      refusal(
        await v.write('calendar.createEvent', {
          title: 'C',
          startAt: '2026-01-01T00:00:00Z',
          endAt: '2027-06-01T00:00:00Z',
        }),
      ).field,
    ).toBe('endAt');
    expect(
      refusal(await v.write('calendar.createEvent', { title: '', startAt: '2026-11-24T09:00:00Z' })).field,
    ).toBe('args[0].title');
    expect(refusal(await v.write('calendar.updateEvent', 'nope', { title: 'x' })).code).toBe('NOT_FOUND');
    expect(await v.db.calendarEvents.toArray()).toEqual(before);
  });

  it('delete leaves a tombstone with the delete’s clock', async () => {
    const e = value<EventRecord>(
      await v.write('calendar.createEvent', { title: 'A', startAt: '2026-11-24T09:00:00Z' }),
    );
    value(await v.write('calendar.deleteEvent', e.id));
    expect(await v.db.calendarEvents.get(e.id)).toBeUndefined();
    expect(await v.db.tombstones.get(e.id)).toMatchObject({ kind: 'event', clock: { devA: 2 } });
    expect(refusal(await v.read('calendar.getEvent', e.id)).code).toBe('NOT_FOUND');
  });
});
