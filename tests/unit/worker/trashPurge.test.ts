import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { TRASH_KEEP_MS } from '../../../src/worker/domain/trash/noteTrash';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { startTrashPurge, TRASH_PURGE_EVERY_MS } from '../../../src/worker/trash/trashPurge';

const DAY = 24 * 60 * 60 * 1000;
let db: VaultDb | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

/** A note store on a clock the test moves, a leader flag it flips, and timers it fires by hand. */
async function setUp() {
  db = openVaultDb(`trash-purge-${Date.now()}-${Math.random()}`);
  await db.open();
  let t = Date.UTC(2026, 10, 1);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => t,
    newId: () => `n${++id}`,
    deviceId: 'd',
  };
  const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
  let leader = false;
  const listeners = new Set<(l: boolean) => void>();
  const timers: { fn: () => void; ms: number }[] = [];
  const purge = startTrashPurge({
    purgeDue: async () => notes.trash.purge(await notes.trash.trashedIds({ dueAt: t })).then((g) => g.length),
    isLeader: () => leader,
    onLeaderChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (h) => timers.splice(timers.indexOf(h as never), 1),
  });
  return {
    notes,
    purge,
    timers,
    advance: (ms: number) => {
      t += ms;
    },
    becomeLeader: () => {
      leader = true;
      for (const l of listeners) l(true);
    },
    ids: async () => (await db!.notes.toArray()).map((r) => r.title).sort(),
  };
}

describe('the Trash purge (30 days, leader only)', () => {
  it('deletes for good only what was trashed 30 days ago, at start-up and every 6 hours, in the leader only', async () => {
    const s = await setUp();
    const old = await s.notes.create({ title: 'Old' });
    const young = await s.notes.create({ title: 'Young' });
    await s.notes.create({ title: 'Live' });
    if (!old.ok || !young.ok) throw new Error('create');
    await s.notes.delete(old.value.id);
    s.advance(10 * DAY);
    await s.notes.delete(young.value.id);
    s.advance(TRASH_KEEP_MS - 10 * DAY - 1); // Old is 1 ms short of its 30 days

    // not the leader: nothing runs, no timer is armed
    await s.purge.idle();
    expect(s.timers).toHaveLength(0);
    s.advance(1);
    expect(await s.ids()).toEqual(['Live', 'Old', 'Young']);

    s.becomeLeader(); // start-up of the leader: the due item goes
    await s.purge.idle();
    expect(await s.ids()).toEqual(['Live', 'Young']);
    expect(s.timers.map((x) => x.ms)).toEqual([TRASH_PURGE_EVERY_MS]);

    s.advance(10 * DAY); // Young is due now; the periodic run takes it
    s.timers.shift()?.fn(); // the timer fires (and is spent)
    await s.purge.idle();
    expect(await s.ids()).toEqual(['Live']);
    expect(await s.notes.trash.list()).toEqual([]);
    expect(s.timers).toHaveLength(1); // armed again
    s.purge.stop();
    expect(s.timers).toHaveLength(0);
  });
});
