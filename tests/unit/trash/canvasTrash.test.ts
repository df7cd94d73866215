import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { TRASH_KEEP_MS } from '../../../src/worker/domain/trash/noteTrash';
import { createRegistry } from '../../../src/worker/ops/registry';
import type { Result } from '../../../src/worker/ops/result';
import { trashOperations } from '../../../src/worker/ops/trash/trashOperations';
import { planningOperations } from '../../../src/worker/planning';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { readRecord } from '../../../src/worker/sync/recordPayloads';
import { itemTrashesOf } from '../../../src/worker/trash/itemTrashes';

// Issue 17 part 5 for canvases (docs/trash.md): canvas.delete moves the canvas to the Trash;
// list, get, its name and a task's canvases skip it; restore brings it back (renamed if its name
// was taken); delete forever, Empty trash and the 30-day purge are the tombstone; across devices
// the trash and the restore are updates of the record, the purge its tombstone.

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
  const db = openVaultDb(`canvas-trash-${name}-${++n}-${Date.now()}`);
  const clock = { ms: Date.UTC(2026, 10, 1) };
  db.use(outboxMiddleware({ deviceId: name, now: () => clock.ms }));
  await db.open();
  open.push(db);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => ++clock.ms,
    newId: () => `${name}${++id}`,
    deviceId: name,
  };
  const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
  const items = itemTrashesOf(services);
  const registry = createRegistry([
    ...planningOperations(services, 'UTC'),
    ...trashOperations(notes.trash, items),
  ]);
  const agent = { caller: { kind: 'agent', surface: 'mcp' } } as const;
  return {
    db,
    clock,
    items,
    read: (op: string, ...args: unknown[]) => registry.read(op, args, agent),
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...agent, approve: async () => 'once' }),
  };
}
type Device = Awaited<ReturnType<typeof device>>;

const listed = async (d: Device) =>
  value<{ canvases: { path: string }[]; total: number }>(await d.read('canvas.list'));
const trashList = async (d: Device) =>
  value<{ kind: string; id: string; title: string; folder_path: string }[]>(await d.read('trash.list'));

async function carry(from: Device, to: Device, id: string) {
  const rec = await readRecord(from.db, 'canvas', id);
  if (!rec) throw new Error('nothing to push');
  expect(rec.invalid).toBeUndefined();
  await applyRecords(to.db, [{ type: 'canvas', id, ...rec }], () => Date.now(), 'x', 'keep');
  return rec;
}

describe('canvases in the Trash', () => {
  it('a deleted canvas leaves list, get, its name and task links, and restores (renamed if taken)', async () => {
    const a = await device('A');
    const task = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Draw' })).task.id;
    const c = value<{ id: string }>(await a.write('canvas.create', { title: 'Plan', folder: 'Work' }));
    const card = {
      id: 'k',
      type: 'card',
      x: 0,
      y: 0,
      width: 100,
      height: 60,
      entity_type: 'task',
      entity_id: task,
    };
    value(await a.write('canvas.saveScene', c.id, [card]));
    expect(value<{ linkedCanvasIds: string[] }>(await a.read('tasks.get', task)).linkedCanvasIds).toEqual([
      c.id,
    ]);

    expect(value(await a.write('canvas.delete', 'Work/Plan'))).toEqual({
      id: c.id,
      deleted: true,
      trashed: true,
    });
    expect(await a.db.tombstones.count()).toBe(0);
    expect(await listed(a)).toEqual({ canvases: [], total: 0 });
    for (const key of [c.id, 'Work/Plan'])
      expect(await a.read('canvas.get', key)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await a.write('canvas.saveScene', c.id, [])).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(value<{ linkedCanvasIds: string[] }>(await a.read('tasks.get', task)).linkedCanvasIds).toEqual([]);
    expect(await trashList(a)).toMatchObject([
      { kind: 'canvas', id: c.id, title: 'Plan', folder_path: 'Work' },
    ]);

    // its name is free meanwhile; the restore then comes back beside the new one
    const other = value<{ id: string }>(await a.write('canvas.create', { title: 'Plan', folder: 'Work' }));
    expect(value(await a.write('trash.restore', 'canvas', c.id))).toMatchObject({
      restored: [{ id: c.id, title: 'Plan (restored)', folderPath: 'Work' }],
    });
    expect((await listed(a)).canvases.map((x) => x.path).sort()).toEqual([
      'Work/Plan',
      'Work/Plan (restored)',
    ]);
    expect(value<{ elements: unknown[] }>(await a.read('canvas.get', c.id)).elements).toEqual([card]);
    expect(value<{ linkedCanvasIds: string[] }>(await a.read('tasks.get', task)).linkedCanvasIds).toEqual([
      c.id,
    ]);
    expect(await trashList(a)).toEqual([]);

    // delete forever, bad input, the purge at 30 days, Empty trash
    expect(await a.write('trash.deletePermanent', 'canvas', other.id)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });
    value(await a.write('canvas.delete', c.id));
    expect(value(await a.write('trash.deletePermanent', 'canvas', c.id))).toEqual({
      kind: 'canvas',
      id: c.id,
      deleted: 1,
    });
    expect(await a.db.canvases.get(c.id)).toBeUndefined();
    expect(await a.db.tombstones.get(c.id)).toMatchObject({ kind: 'canvas' });
    value(await a.write('canvas.delete', other.id));
    const at = a.clock.ms;
    expect(await a.items.canvas.trashedIds({ dueAt: at + TRASH_KEEP_MS - 2 })).toEqual([]);
    expect(await a.items.canvas.trashedIds({ dueAt: at + TRASH_KEEP_MS })).toEqual([other.id]);
    expect(value(await a.write('trash.empty'))).toEqual({ deleted: 1 });
    expect(await a.db.canvases.count()).toBe(0);
  });

  it('across devices: a delete on A is in B’s Trash, a restore on B restores on A, the purge is a tombstone', async () => {
    const a = await device('A');
    const b = await device('B');
    const c = value<{ id: string }>(await a.write('canvas.create', { title: 'Map' }));
    await carry(a, b, c.id);
    value(await a.write('canvas.delete', c.id));
    const trashed = await carry(a, b, c.id);
    expect(trashed.deletedAt).toBeNull();
    expect(trashed.payload).toMatchObject({ trashedAt: expect.any(Number) });
    expect((await listed(b)).total).toBe(0);
    expect(await trashList(b)).toMatchObject([{ kind: 'canvas', id: c.id, title: 'Map' }]);

    value(await b.write('trash.restore', 'canvas', c.id));
    await carry(b, a, c.id);
    expect((await listed(a)).canvases.map((x) => x.path)).toEqual(['Map']);
    expect(await trashList(a)).toEqual([]);

    value(await a.write('canvas.delete', c.id));
    await carry(a, b, c.id);
    value(await a.write('trash.deletePermanent', 'canvas', c.id));
    const gone = await carry(a, b, c.id);
    expect(gone.deletedAt).not.toBeNull();
    expect(await b.db.canvases.get(c.id)).toBeUndefined();
    expect(await trashList(b)).toEqual([]);
  });
});
