import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReminderRecord } from '../../../src/worker/domain/reminders/reminder';
import { startReminderScheduler } from '../../../src/worker/planning/reminders/reminderScheduler';
import { openRecordsVault, type RecordsVault, value } from '../calendar/recordsVault';

/** Timers under the test's control: `due()` runs the ones whose time has come on the vault clock. */
function manualTimers(v: RecordsVault) {
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 0;
  return {
    setTimer: (fn: () => void, ms: number) => {
      timers.set(++next, { at: v.clock.ms + ms, fn });
      return next;
    },
    clearTimer: (h: unknown) => void timers.delete(h as number),
    due() {
      for (const [h, t] of [...timers]) {
        if (t.at > v.clock.ms) continue;
        timers.delete(h);
        t.fn();
      }
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 50));
/** Polls until `fired` equals `want` (the scheduler runs on its own queue). */
const firedBecomes = (fired: string[], want: string[], poke = () => {}) =>
  vi.waitFor(() => {
    poke();
    expect(fired).toEqual(want);
  }, 3000);

describe('reminder scheduler', () => {
  let v: RecordsVault;
  let stops: (() => void)[] = [];
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(async () => {
    for (const stop of stops) stop();
    stops = [];
    await v.close();
  });

  function start(leader: { value: boolean }, timers: ReturnType<typeof manualTimers>) {
    const leaderListeners = new Set<(l: boolean) => void>();
    const fired: string[] = [];
    const s = startReminderScheduler({
      services: v.services,
      isLeader: () => leader.value,
      onLeaderChange: (l) => {
        leaderListeners.add(l);
        return () => leaderListeners.delete(l);
      },
      subscribe: (l) => v.services.feed.subscribe(l),
      ...timers,
    });
    s.onFire((rs) => fired.push(...rs.map((r) => r.title)));
    stops.push(() => s.stop());
    const becomeLeader = () => {
      leader.value = true;
      for (const l of leaderListeners) l(true);
    };
    return { s, fired, becomeLeader };
  }

  it('fires a missed reminder at start, a later one when its time comes, each once', async () => {
    value(await v.write('reminders.create', { title: 'Missed', remindAt: '2026-11-21T08:00:00Z' }));
    value(await v.write('reminders.create', { title: 'Soon', remindAt: '2026-11-21T10:00:05Z' }));
    const timers = manualTimers(v);
    const { fired } = start({ value: true }, timers);
    await firedBecomes(fired, ['Missed']);
    const missed = (await v.db.reminders.toArray()).find((r) => r.title === 'Missed');
    expect(missed).toMatchObject({ state: 'fired', firedAt: '2026-11-21T10:00:00.000Z', clock: { devA: 2 } });
    v.clock.ms += 5_000;
    await firedBecomes(fired, ['Missed', 'Soon'], timers.due);
    timers.due();
    await settle();
    expect(fired).toEqual(['Missed', 'Soon']);
    // Still due (fired, not dismissed) until the user acts.
    expect(value<{ reminders: ReminderRecord[] }>(await v.read('reminders.getDue')).reminders).toHaveLength(
      2,
    );
  });

  it('only the leader fires; a follower that becomes leader fires what is due', async () => {
    value(await v.write('reminders.create', { title: 'Due', remindAt: '2026-11-21T09:00:00Z' }));
    const timers = manualTimers(v);
    const { fired, becomeLeader } = start({ value: false }, timers);
    await settle();
    expect(fired).toEqual([]);
    expect((await v.db.reminders.toArray())[0]?.state).toBe('pending');
    becomeLeader();
    await firedBecomes(fired, ['Due']);
  });

  it('a reminder created while running is planned from the change feed', async () => {
    const timers = manualTimers(v);
    const { fired } = start({ value: true }, timers);
    await settle();
    value(await v.write('reminders.create', { title: 'New', remindAt: '2026-11-21T10:00:02Z' }));
    await settle();
    v.clock.ms += 2_000;
    await firedBecomes(fired, ['New'], timers.due);
  });
});
