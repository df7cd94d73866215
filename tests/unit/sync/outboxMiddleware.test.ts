import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { markPulled } from '../../../src/worker/sync/pulledTransactions';
import { noteRow } from './syncFakes';

let n = 0;
const open: VaultDb[] = [];

async function vault(deviceId = 'devA') {
  const db = openVaultDb(`outbox-${++n}-${Date.now()}`);
  let wakes = 0;
  db.use(outboxMiddleware({ deviceId, now: () => 1000, onEnqueue: () => wakes++ }));
  await db.open();
  open.push(db);
  return { db, wakes: () => wakes };
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const note = (id: string, title = 'T') => noteRow(id, title);

const task = (id: string, clock: Record<string, number>) =>
  ({ id, title: 't', projectId: 'inbox', clock, fieldClocks: {} }) as never;

describe('outbox middleware', () => {
  it('queues a note write with its clock in the same transaction, coalescing later writes', async () => {
    const { db, wakes } = await vault();
    await db.notes.add(note('n1'));
    await db.notes.put(note('n1', 'U'));
    const q = await db.syncQueue.get('r|note|n1');
    expect(q).toMatchObject({
      kind: 'record',
      type: 'note',
      id: 'n1',
      op: 'create',
      version: 2,
      state: 'queued',
    });
    expect((await db.syncClocks.get('note|n1'))?.clock).toEqual({ devA: 2 });
    await new Promise((r) => setTimeout(r, 5));
    expect(wakes()).toBe(2);
  });

  it('lets a delete win and records its tombstone clock', async () => {
    const { db } = await vault();
    await db.notes.add(note('n1'));
    await db.notes.delete('n1');
    expect((await db.syncQueue.get('r|note|n1'))?.op).toBe('delete');
    expect(await db.syncClocks.get('note|n1')).toMatchObject({ clock: { devA: 2 }, deletedAt: 1000 });
  });

  it('turns a write after a queued delete into a create whose clock dominates the delete', async () => {
    const { db } = await vault();
    await db.tasks.add(task('t1', { devA: 1 }));
    await db.tasks.delete('t1');
    await db.tasks.put(task('t1', { devA: 1 }));
    expect((await db.syncQueue.get('r|task|t1'))?.op).toBe('create');
    expect((await db.tasks.get('t1'))?.clock).toEqual({ devA: 3 });
    expect(await db.syncClocks.get('task|t1')).toBeUndefined();
  });

  it('keeps a clock the store advanced and ticks one it did not', async () => {
    const { db } = await vault();
    await db.tasks.add(task('t1', { devA: 1 }));
    await db.tasks.put(task('t1', { devA: 1, devB: 4 }));
    expect((await db.tasks.get('t1'))?.clock).toEqual({ devA: 1, devB: 4 });
    await db.tasks.update('t1', { title: 'no tick by the store' });
    expect((await db.tasks.get('t1'))?.clock).toEqual({ devA: 2, devB: 4 });
    expect((await db.syncQueue.get('r|task|t1'))?.op).toBe('create');
  });

  it('queues every key of a range delete and of a modify', async () => {
    const { db } = await vault();
    await db.tasks.bulkAdd([task('a', { devA: 1 }), task('b', { devA: 1 })]);
    await db.syncQueue.clear();
    await db.tasks.toCollection().modify({ title: 'x' });
    expect((await db.syncQueue.toArray()).map((r) => r.op)).toEqual(['update', 'update']);
    await db.tasks.clear();
    expect((await db.syncQueue.toArray()).map((r) => [r.id, r.op])).toEqual([
      ['a', 'delete'],
      ['b', 'delete'],
    ]);
  });

  it('rolls the outbox back with the row when the transaction aborts', async () => {
    const { db } = await vault();
    await expect(
      db.transaction('rw', db.notes, async () => {
        await db.notes.add(note('n1'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.syncQueue.count()).toBe(0);
    expect(await db.syncClocks.count()).toBe(0);
  });

  it('leaves rows applied from a pull alone', async () => {
    const { db } = await vault();
    await db.transaction('rw', db.tasks, async () => {
      markPulled(Dexie.currentTransaction);
      await db.tasks.put(task('t1', { devB: 3 }));
    });
    expect(await db.syncQueue.count()).toBe(0);
    expect((await db.tasks.get('t1'))?.clock).toEqual({ devB: 3 });
    await db.tasks.update('t1', { title: 'local' });
    expect((await db.tasks.get('t1'))?.clock).toEqual({ devA: 1, devB: 3 });
    expect((await db.syncQueue.get('r|task|t1'))?.op).toBe('update');
  });

  it('appends one body row per stored Yjs update, kept when the CRDT store compacts', async () => {
    const { db } = await vault();
    await db.crdtUpdates.add({ docId: 'n1', update: new Uint8Array([1]) });
    await db.crdtUpdates.add({ docId: 'n1', update: new Uint8Array([2]) });
    await db.crdtUpdates.where('docId').equals('n1').delete();
    const rows = await db.syncQueue.where('[kind+state]').equals(['body', 'queued']).toArray();
    expect(rows.map((r) => [r.id, Array.from(r.update ?? [])])).toEqual([
      ['n1', [1]],
      ['n1', [2]],
    ]);
  });

  it('restarts a dead-letter row on a new local change', async () => {
    const { db } = await vault();
    await db.notes.add(note('n1'));
    await db.syncQueue.update('r|note|n1', { state: 'exhausted', attempts: 5, retiredAt: 5 });
    await db.notes.put(note('n1', 'again'));
    expect(await db.syncQueue.get('r|note|n1')).toMatchObject({ state: 'queued', attempts: 0, op: 'create' });
  });
});
