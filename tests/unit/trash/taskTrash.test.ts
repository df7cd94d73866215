import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Change, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { TRASH_KEEP_MS } from '../../../src/worker/domain/trash/noteTrash';
import { createRegistry } from '../../../src/worker/ops/registry';
import type { Result } from '../../../src/worker/ops/result';
import { trashOperations } from '../../../src/worker/ops/trash/trashOperations';
import { planningOperations } from '../../../src/worker/planning';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { itemTrashesOf } from '../../../src/worker/trash/itemTrashes';
import type { VaultServices } from '../../../src/worker/vault/services';

// Issue 17 part 5 for tasks (docs/trash.md): tasks.delete and tasks.bulkDelete move a task and
// its subtasks to the Trash; every read skips them; restore puts them back as they were (at the
// top level if the parent is gone, in the Inbox if the project is gone); delete forever, Empty
// trash and the 30-day purge are the tombstoning delete.

let n = 0;
const value = <T = Record<string, unknown>>(res: Result<unknown>): T => {
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res.error)}`);
  return res.value as T;
};

async function vault() {
  const db: VaultDb = openVaultDb(`task-trash-${++n}-${Date.now()}`);
  await db.open();
  const clock = { ms: Date.parse('2026-11-21T10:00:00Z') };
  let id = 0;
  const services: VaultServices = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => clock.ms,
    newId: () => `id${++id}`,
    deviceId: 'devA',
  };
  const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
  const items = itemTrashesOf(services);
  const tasks = items.task;
  const registry = createRegistry([
    ...planningOperations(services, 'UTC'),
    ...trashOperations(notes.trash, items),
  ]);
  const seen: Change[][] = [];
  services.feed.subscribe((b) => seen.push(b.changes));
  const ui = { caller: { kind: 'ui' } } as const;
  const agent = { caller: { kind: 'agent', surface: 'mcp' } } as const;
  return {
    db,
    clock,
    tasks,
    seen,
    read: (op: string, ...args: unknown[]) => registry.read(op, args, ui),
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'once' }),
    agentWrite: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...agent, approve: async () => 'once' }),
    agentRead: (op: string, ...args: unknown[]) => registry.read(op, args, agent),
    close: () => db.delete(),
  };
}

type V = Awaited<ReturnType<typeof vault>>;
type TrashEntry = {
  kind: string;
  id: string;
  title: string;
  project?: string;
  count?: number;
  purge_at: string;
};

describe('tasks in the Trash', () => {
  let v: V;
  const task = async (input: Record<string, unknown>) =>
    value<{ task: { id: string } }>(await v.write('tasks.create', input)).task.id;
  const trashList = async () => value<TrashEntry[]>(await v.read('trash.list'));
  const ids = (cards: { tasks: { id: string }[] }) => cards.tasks.map((t) => t.id).sort();

  beforeEach(async () => {
    v = await vault();
  });
  afterEach(() => v.close());

  it('a deleted task and its subtasks leave every read, are listed once in the Trash, and restore as they were', async () => {
    const project = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Trip' }),
    ).projects[0]!.id;
    const parent = await task({ title: 'Pack', projectId: project, dueDate: '2026-11-21', tags: ['travel'] });
    const child = await task({ title: 'Charger', parentId: parent, dueDate: '2026-11-20', tags: ['travel'] });
    const other = await task({ title: 'Book hotel', projectId: project, tags: ['travel'] });
    const before = [value(await v.read('tasks.get', parent)), value(await v.read('tasks.get', child))];

    const res = value<{ deleted: number; trashed: number }>(await v.agentWrite('tasks.delete', parent));
    expect(res).toMatchObject({ deleted: 2, trashed: 2 });
    // kept, not tombstoned
    expect(await v.db.tasks.count()).toBe(3);
    expect(await v.db.tombstones.count()).toBe(0);

    for (const id of [parent, child]) {
      expect(await v.agentRead('tasks.get', id)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      expect(await v.write('tasks.update', id, { title: 'x' })).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND' },
      });
    }
    expect(ids(value(await v.read('tasks.list', { projectId: project, includeCompleted: true })))).toEqual([
      other,
    ]);
    expect(ids(value(await v.read('tasks.getToday', { today: '2026-11-21' })))).toEqual([]);
    expect(ids(value(await v.read('tasks.getOverdue', { today: '2026-11-21' })))).toEqual([]);
    expect(
      value<{ days: unknown[] }>(await v.read('tasks.getUpcoming', { today: '2026-11-19', days: 7 })).days,
    ).toEqual([]);
    const board = value<{ columns: { tasks: { id: string }[] }[] }>(await v.read('tasks.getBoard', project));
    expect(board.columns.flatMap((c) => c.tasks.map((t) => t.id))).toEqual([other]);
    expect(value(await v.read('tasks.list', { tag: 'travel' }))).toMatchObject({ tasks: [{ id: other }] });
    expect(value(await v.read('tasks.getTags'))).toEqual({ tags: [{ name: 'travel', count: 1 }] });
    const tags = value<{ name: string; tasks?: number; count: number }[]>(
      await v.read('tags.getAllWithCounts'),
    );
    expect(tags.find((t) => t.name === 'travel')).toMatchObject({ count: 1 });
    expect(value(await v.read('tasks.getStats'))).toMatchObject({ open: 1 });

    expect(await trashList()).toMatchObject([
      { kind: 'task', id: parent, title: 'Pack', project: 'Trip', count: 1 },
    ]);
    // a subtask that went with its parent is not an item of its own
    expect(await v.write('trash.restore', 'task', child)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });

    expect(value(await v.agentWrite('trash.restore', 'task', parent))).toMatchObject({
      kind: 'task',
      id: parent,
      restored: [{ id: parent, title: 'Pack', projectId: project }],
    });
    const after = [value(await v.read('tasks.get', parent)), value(await v.read('tasks.get', child))];
    const strip = (t: Record<string, unknown>) => ({ ...t, clock: null });
    expect(after.map(strip)).toEqual(before.map(strip));
    expect(ids(value(await v.read('tasks.getOverdue', { today: '2026-11-21' })))).toEqual([child]);
    expect(value(await v.read('tasks.getTags'))).toEqual({ tags: [{ name: 'travel', count: 3 }] });
    expect(await trashList()).toEqual([]);
  });

  it('restores a task whose parent is gone at the top level, one whose project is gone in the Inbox', async () => {
    const project = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Gone soon' }),
    ).projects[0]!.id;
    const parent = await task({ title: 'Parent', projectId: project });
    const child = await task({ title: 'Child', parentId: parent });
    value(await v.write('tasks.delete', child)); // the subtask alone first
    value(await v.write('tasks.delete', parent)); // then its parent: two Trash items
    expect((await trashList()).map((e) => e.title).sort()).toEqual(['Child', 'Parent']);
    value(await v.write('trash.deletePermanent', 'task', parent));
    expect(value(await v.write('trash.restore', 'task', child))).toMatchObject({
      restored: [{ id: child, projectId: project }],
    });
    expect(value(await v.read('tasks.get', child))).toMatchObject({ parentId: null, projectId: project });

    const loose = await task({ title: 'Loose', projectId: project });
    value(await v.write('tasks.delete', loose));
    value(await v.write('tasks.deleteProject', project));
    expect((await trashList()).filter((e) => e.kind === 'task')).toMatchObject([{ id: loose, project: '' }]);
    value(await v.write('trash.restore', 'task', loose));
    expect(value(await v.read('tasks.get', loose))).toMatchObject({ projectId: 'inbox', parentId: null });
  });

  it('delete forever, Empty trash and the purge at 30 days leave tombstones; bad input changes nothing', async () => {
    const a = await task({ title: 'A' });
    const a1 = await task({ title: 'A1', parentId: a });
    const b = await task({ title: 'B' });
    const c = await task({ title: 'C' });
    value(await v.write('tasks.bulkDelete', [a, b, a1])); // a1 went with a: skipped, not refused
    expect((await trashList()).map((e) => e.id).sort()).toEqual([a, b]);

    const snapshot = async () => ({
      tasks: await v.db.tasks.toArray(),
      stones: await v.db.tombstones.toArray(),
    });
    const was = await snapshot();
    expect(await v.write('tasks.bulkDelete', [c, 'nope'])).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'ids[1]' },
    });
    expect(await v.write('tasks.delete', a)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });
    expect(await v.write('trash.deletePermanent', 'task', c)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });
    expect(await snapshot()).toEqual(was);

    expect(value(await v.write('trash.deletePermanent', 'task', a))).toEqual({
      kind: 'task',
      id: a,
      deleted: 1,
    });
    expect(await v.db.tasks.bulkGet([a, a1])).toEqual([undefined, undefined]);
    expect((await v.db.tombstones.toArray()).map((t) => t.id).sort()).toEqual([a, a1].sort());

    value(await v.write('tasks.delete', c));
    const trashedAt = v.clock.ms;
    v.clock.ms += 1000;
    value(await v.write('tasks.delete', b === c ? a : await task({ title: 'D' })));
    // the purge takes what is 30 days old, nothing younger
    expect(await v.tasks.trashedIds({ dueAt: trashedAt + TRASH_KEEP_MS - 1 })).toEqual([]);
    const due = await v.tasks.trashedIds({ dueAt: trashedAt + TRASH_KEEP_MS });
    expect(due.sort()).toEqual([b, c].sort());
    expect(await v.tasks.purge(due)).toHaveLength(2);
    expect(await v.db.tasks.bulkGet([b, c])).toEqual([undefined, undefined]);
    expect((await trashList()).map((e) => e.title)).toEqual(['D']);
    expect(value(await v.write('trash.empty'))).toEqual({ deleted: 1 });
    expect(await trashList()).toEqual([]);
    expect(await v.db.tasks.count()).toBe(0);
  });
});
