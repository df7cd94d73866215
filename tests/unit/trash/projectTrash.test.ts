import { afterEach, describe, expect, it } from 'vitest';
import { TRASH_KEEP_MS } from '../../../src/worker/domain/trash/noteTrash';
import { carry, opened, type TrashDevice, trashDevice, trashList, value } from './trashDevice';

// Issue 17 part 5 for projects (docs/trash.md): tasks.deleteProject moves the project to the
// Trash with its tasks (subtasks too) as one item; every read skips them; restore brings them
// back together, with their statuses and links; delete forever, Empty trash and the 30-day purge
// are the tombstones; across devices the trash and the restore are updates of the records.

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function project(d: TrashDevice, name: string) {
  return value<{ projects: { id: string }[] }>(await d.write('tasks.createProject', { name })).projects[0]!
    .id;
}
const task = async (d: TrashDevice, input: Record<string, unknown>) =>
  value<{ task: { id: string } }>(await d.write('tasks.create', input)).task.id;
const projectNames = async (d: TrashDevice) =>
  value<{ projects: { name: string }[] }>(
    await d.read('tasks.listProjects', { includeArchived: true }),
  ).projects.map((p) => p.name);
const notFound = { ok: false, error: { code: 'NOT_FOUND' } };

describe('projects in the Trash', () => {
  it('a deleted project leaves every read with its tasks, and restores with them, its statuses and links', async () => {
    const a = await trashDevice('A');
    const p = await project(a, 'Trip');
    const pack = await task(a, { title: 'Pack', projectId: p, dueDate: '2026-11-01', tags: ['travel'] });
    const charger = await task(a, { title: 'Charger', parentId: pack });
    const note = value<{ id: string }>(await a.notes.create({ title: 'Packing list' })).id;
    value(await a.write('tasks.linkProjectItem', { projectId: p, itemType: 'note', itemId: note }));
    const before = value(await a.read('tasks.getProject', p));

    expect(value(await a.write('tasks.deleteProject', p))).toEqual({
      id: p,
      deleted: true,
      trashed: true,
      taskCount: 2,
    });
    expect(await a.db.tombstones.count()).toBe(0);
    expect(await projectNames(a)).toEqual(['Inbox']);
    for (const op of ['tasks.getProject', 'tasks.getBoard', 'tasks.listStatuses', 'tasks.listProjectLinks'])
      expect(await a.read(op, p)).toMatchObject(notFound);
    for (const id of [pack, charger]) expect(await a.read('tasks.get', id)).toMatchObject(notFound);
    expect(value(await a.read('tasks.getOverdue', { today: '2026-11-21' }))).toMatchObject({ tasks: [] });
    expect(value(await a.read('tasks.getTags'))).toEqual({ tags: [] });
    // nothing can be added to it meanwhile: it is refused as an unknown project is
    expect(await a.write('tasks.create', { title: 'Late', projectId: p })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
    expect(await trashList(a)).toEqual([
      expect.objectContaining({ kind: 'project', id: p, title: 'Trip', count: 2 }),
    ]);
    // the Inbox is never deleted; a project already in the Trash is not found
    expect(await a.write('tasks.deleteProject', 'inbox')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'id' },
    });
    expect(await a.write('tasks.deleteProject', p)).toMatchObject(notFound);
    expect(await a.write('trash.restore', 'task', pack)).toMatchObject(notFound);

    expect(value(await a.write('trash.restore', 'project', p))).toEqual({
      kind: 'project',
      id: p,
      restored: [{ id: p, title: 'Trip', taskCount: 2 }],
    });
    const strip = (x: Record<string, unknown>) => ({ ...x, clock: null, modifiedAt: null });
    expect(strip(value(await a.read('tasks.getProject', p)))).toEqual(strip(before));
    expect(value(await a.read('tasks.get', charger))).toMatchObject({ parentId: pack, projectId: p });
    expect(value(await a.read('tasks.getOverdue', { today: '2026-11-21' }))).toMatchObject({
      tasks: [{ id: pack }],
    });
    expect(
      value<{ links: { itemId: string }[] }>(await a.read('tasks.listProjectLinks', p)).links,
    ).toMatchObject([{ itemId: note }]);
    expect(await trashList(a)).toEqual([]);
  });

  it('a task trashed on its own before stays its own item; delete forever, the purge and Empty trash are tombstones', async () => {
    const a = await trashDevice('A');
    const p = await project(a, 'Old');
    const kept = await task(a, { title: 'Kept', projectId: p });
    const loose = await task(a, { title: 'Loose', projectId: p });
    value(await a.write('tasks.delete', loose));
    value(await a.write('tasks.deleteProject', p));
    expect((await trashList(a)).map((e) => [e.kind, e.title, e.count ?? 0, e.project ?? null])).toEqual([
      ['project', 'Old', 1, null],
      ['task', 'Loose', 0, ''],
    ]);
    // restored on its own while its project is in the Trash: to the Inbox
    expect(value(await a.write('trash.restore', 'task', loose))).toMatchObject({
      restored: [{ id: loose, projectId: 'inbox' }],
    });

    const at = a.clock.ms;
    expect(await a.items.project.trashedIds({ dueAt: at + TRASH_KEEP_MS - 5 })).toEqual([]);
    expect(await a.items.project.trashedIds({ dueAt: at + TRASH_KEEP_MS + 5 })).toEqual([p]);
    expect(value(await a.write('trash.deletePermanent', 'project', p))).toEqual({
      kind: 'project',
      id: p,
      deleted: 1,
    });
    expect(await a.db.projects.get(p)).toBeUndefined();
    expect(await a.db.tasks.get(kept)).toBeUndefined();
    expect(await a.db.statuses.where('projectId').equals(p).count()).toBe(0);
    const kinds = (await a.db.tombstones.toArray()).map((t) => t.kind).sort();
    expect(kinds).toEqual(['project', 'status', 'status', 'status', 'task']);
    expect(await a.write('trash.deletePermanent', 'project', p)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });

    const q = await project(a, 'Next');
    value(await a.write('tasks.deleteProject', q));
    expect(value(await a.write('trash.empty'))).toEqual({ deleted: 1 });
    expect(await a.db.projects.get(q)).toBeUndefined();
  });

  it('across devices: a delete on A is in B’s Trash, a restore on B restores on A, the purge is a tombstone', async () => {
    const a = await trashDevice('A');
    const b = await trashDevice('B');
    const p = await project(a, 'Shared');
    const t = await task(a, { title: 'Do it', projectId: p });
    await carry(a, b, 'project', p);
    await carry(a, b, 'task', t);
    expect(await projectNames(b)).toEqual(['Inbox', 'Shared']);

    value(await a.write('tasks.deleteProject', p));
    const trashed = await carry(a, b, 'project', p);
    expect(trashed.deletedAt).toBeNull();
    expect(trashed.payload).toMatchObject({ trashedAt: expect.any(String) });
    await carry(a, b, 'task', t);
    expect(await projectNames(b)).toEqual(['Inbox']);
    expect(await b.read('tasks.get', t)).toMatchObject(notFound);
    expect(await trashList(b)).toMatchObject([{ kind: 'project', id: p, count: 1 }]);

    value(await b.write('trash.restore', 'project', p));
    await carry(b, a, 'project', p);
    await carry(b, a, 'task', t);
    expect(await projectNames(a)).toEqual(['Inbox', 'Shared']);
    expect(value(await a.read('tasks.get', t))).toMatchObject({ projectId: p });
    expect(await trashList(a)).toEqual([]);

    value(await a.write('tasks.deleteProject', p));
    await carry(a, b, 'project', p);
    await carry(a, b, 'task', t);
    value(await a.write('trash.deletePermanent', 'project', p));
    expect((await carry(a, b, 'project', p)).deletedAt).not.toBeNull();
    expect((await carry(a, b, 'task', t)).deletedAt).not.toBeNull();
    expect(await b.db.projects.get(p)).toBeUndefined();
    expect(await b.db.tasks.get(t)).toBeUndefined();
    expect(await trashList(b)).toEqual([]);
  });
});
