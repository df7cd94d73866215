import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createRegistry } from '../../../src/worker/ops/registry';
import type { Result } from '../../../src/worker/ops/result';
import { planningOperations } from '../../../src/worker/planning';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { readRecord } from '../../../src/worker/sync/recordPayloads';
import { type TaskTrash, taskTrashOf } from '../../../src/worker/trash/taskTrashStore';

// Tasks in the Trash sync as the same task record (docs/trash.md): a trash is an update carrying
// `trashedAt` (and `trashedWith` on the subtasks that went with it), a restore an update with
// both null, and only the purge is a delete (the tombstone). Merges against a concurrent edit
// keep the later of trash and restore.

const open: VaultDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const value = <T = Record<string, unknown>>(res: Result<unknown>): T => {
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res.error)}`);
  return res.value as T;
};

let n = 0;
async function device(name: string) {
  const db = openVaultDb(`task-trash-sync-${name}-${++n}-${Date.now()}`);
  let t = Date.UTC(2026, 10, 1);
  db.use(outboxMiddleware({ deviceId: name, now: () => t }));
  await db.open();
  open.push(db);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => ++t,
    newId: () => `${name}${++id}`,
    deviceId: name,
  };
  const registry = createRegistry(planningOperations(services, 'UTC'));
  const ui = { caller: { kind: 'ui' } } as const;
  return {
    db,
    trash: taskTrashOf(services) as TaskTrash,
    read: (op: string, ...args: unknown[]) => registry.read(op, args, ui),
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'once' }),
  };
}
type Device = Awaited<ReturnType<typeof device>>;

/** What `from` would push of these tasks, applied by `to` as the pull would. */
async function carry(from: Device, to: Device, ids: string[]) {
  const recs = [];
  for (const id of ids) {
    const rec = await readRecord(from.db, 'task', id);
    if (!rec) throw new Error(`nothing to push for ${id}`);
    expect(rec.invalid).toBeUndefined();
    recs.push({ type: 'task', id, ...rec });
  }
  await applyRecords(to.db, recs, () => Date.now(), 'x', 'keep');
  return recs;
}

const titles = async (d: Device) =>
  value<{ tasks: { title: string }[] }>(await d.read('tasks.list', { projectId: 'inbox' })).tasks.map(
    (t) => t.title,
  );

describe('tasks in the Trash across devices', () => {
  it('a delete on A is in B’s Trash, a restore on B restores on A, the purge is a tombstone', async () => {
    const a = await device('A');
    const b = await device('B');
    const parent = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Trip' })).task.id;
    const child = value<{ task: { id: string } }>(
      await a.write('tasks.create', { title: 'Visa', parentId: parent }),
    ).task.id;
    await b.read('tasks.list', { projectId: 'inbox' }); // B's own Inbox exists
    await carry(a, b, [parent, child]);
    expect(await titles(b)).toEqual(['Trip']);

    value(await a.write('tasks.delete', parent));
    const trashed = await carry(a, b, [parent, child]);
    expect(trashed.map((r) => r.deletedAt)).toEqual([null, null]);
    expect(trashed[1]!.payload).toMatchObject({ trashedAt: expect.any(String), trashedWith: parent });
    expect(await titles(b)).toEqual([]);
    expect(await b.read('tasks.get', child)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await b.trash.list()).toMatchObject([{ kind: 'task', id: parent, title: 'Trip', count: 1 }]);

    expect((await b.trash.restore(parent)).ok).toBe(true);
    await carry(b, a, [parent, child]);
    expect(await titles(a)).toEqual(['Trip']);
    expect(value(await a.read('tasks.get', child))).toMatchObject({ title: 'Visa', parentId: parent });
    expect(await a.trash.list()).toEqual([]);

    value(await a.write('tasks.delete', parent));
    await carry(a, b, [parent, child]);
    expect(await a.trash.purge([parent])).toEqual([parent]);
    const gone = await carry(a, b, [parent, child]);
    expect(gone.map((r) => r.deletedAt === null)).toEqual([false, false]);
    expect(await b.db.tasks.bulkGet([parent, child])).toEqual([undefined, undefined]);
    expect(await b.trash.list()).toEqual([]);
  });

  it('a restore dominates the trashed copy it saw, even after a later edit', async () => {
    const a = await device('A');
    const b = await device('B');
    const id = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Plan' })).task.id;
    await b.read('tasks.list', { projectId: 'inbox' });
    await carry(a, b, [id]);
    value(await b.write('tasks.delete', id));
    await carry(b, a, [id]);
    expect(await titles(a)).toEqual([]);
    expect((await a.trash.restore(id)).ok).toBe(true);
    value(await a.write('tasks.update', id, { title: 'Plan B' }));
    await carry(a, b, [id]); // B still holds the trashed copy: the restore and the edit win
    expect(await titles(b)).toEqual(['Plan B']);
    expect(await b.trash.list()).toEqual([]);
  });
});
