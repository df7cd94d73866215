import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReminderRecord } from '../../../src/worker/domain/reminders/reminder';
import { openRecordsVault, type RecordsVault, refusal, value } from '../calendar/recordsVault';

type List = { reminders: ReminderRecord[] };

describe('reminder operations', () => {
  let v: RecordsVault;
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(() => v.close());
  const create = async (title: string, remindAt: string, extra: object = {}) =>
    value<ReminderRecord>(await v.write('reminders.create', { title, remindAt, ...extra }));

  it('due, upcoming, pending counts and target lookups follow the clock', async () => {
    const past = await create('Call back', '2026-11-21T09:00:00Z', { targetType: 'task', targetId: 't1' });
    const soon = await create('Stand-up', '2026-11-21T10:30:00+00:00');
    await create('Later', '2026-12-30T10:00:00Z');
    expect(past).toMatchObject({
      state: 'pending',
      clock: { devA: 1 },
      remindAt: '2026-11-21T09:00:00.000Z',
    });
    expect(value<List>(await v.read('reminders.getDue')).reminders.map((r) => r.title)).toEqual([
      'Call back',
    ]);
    expect(value<List>(await v.read('reminders.getUpcoming')).reminders.map((r) => r.title)).toEqual([
      'Stand-up',
    ]);
    expect(value<List>(await v.read('reminders.getUpcoming', { hours: 1000 })).reminders).toHaveLength(2);
    expect(value(await v.read('reminders.countPending'))).toEqual({ count: 3, due: 1 });
    expect(
      value<List>(await v.read('reminders.getForTarget', 'task', 't1')).reminders.map((r) => r.id),
    ).toEqual([past.id]);
    v.clock.ms = Date.parse('2026-11-21T10:31:00Z');
    expect(value<List>(await v.read('reminders.getDue')).reminders.map((r) => r.id)).toEqual([
      past.id,
      soon.id,
    ]);
  });

  it('dismiss and snooze change the state and tick the clock; bulkDismiss is all or none', async () => {
    const a = await create('A', '2026-11-21T09:00:00Z');
    const b = await create('B', '2026-11-21T09:30:00Z');
    const snoozed = value<ReminderRecord>(await v.write('reminders.snooze', a.id, { minutes: 10 }));
    expect(snoozed).toMatchObject({ state: 'pending', remindAt: '2026-11-21T10:10:00.000Z', snoozeCount: 1 });
    expect(snoozed.clock).toEqual({ devA: 2 });
    expect(refusal(await v.write('reminders.snooze', a.id, { until: '2026-11-21T09:59:00Z' })).field).toBe(
      'until',
    );
    const before = await v.db.reminders.toArray();
    expect(refusal(await v.write('reminders.bulkDismiss', [a.id, 'missing'])).field).toBe('ids[1]');
    expect(await v.db.reminders.toArray()).toEqual(before);
    expect(value(await v.write('reminders.bulkDismiss', [a.id, b.id]))).toEqual({ dismissed: 2 });
    expect(value(await v.read('reminders.countPending'))).toEqual({ count: 0, due: 0 });
    expect(value<List>(await v.read('reminders.list', { state: 'dismissed' })).reminders).toHaveLength(2);
    const moved = value<ReminderRecord>(
      await v.write('reminders.update', b.id, { remindAt: '2026-11-22T08:00:00Z' }),
    );
    expect(moved).toMatchObject({ state: 'pending', dismissedAt: null });
  });

  it('refuses a target half given, a bad instant and unknown ids; delete leaves a tombstone', async () => {
    expect(
      refusal(
        await v.write('reminders.create', {
          title: 'x',
          remindAt: '2026-11-22T08:00:00Z',
          targetType: 'note',
        }),
      ).field,
    ).toBe('targetId');
    expect(
      refusal(await v.write('reminders.create', { title: 'x', remindAt: '2026-13-01T08:00:00Z' })).field,
    ).toBe('remindAt');
    expect(refusal(await v.write('reminders.dismiss', 'nope')).code).toBe('NOT_FOUND');
    expect(await v.db.reminders.count()).toBe(0);
    const r = await create('A', '2026-11-22T09:00:00Z');
    value(await v.write('reminders.delete', r.id));
    expect(await v.db.tombstones.get(r.id)).toMatchObject({ kind: 'reminder' });
  });
});
