import { beforeEach, describe, expect, it } from 'vitest';
import { archiveTask, unarchiveTask } from '../../../src/worker/domain/tasks/archiveTask';
import { bulkArchive, bulkComplete, bulkDelete, bulkMove } from '../../../src/worker/domain/tasks/bulkTasks';
import { convertToSubtask, convertToTask } from '../../../src/worker/domain/tasks/convertSubtask';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { deleteTask } from '../../../src/worker/domain/tasks/deleteTask';
import { duplicateTask } from '../../../src/worker/domain/tasks/duplicateTask';
import { moveTask } from '../../../src/worker/domain/tasks/moveTask';
import { createProject } from '../../../src/worker/domain/tasks/projects/projectOps';
import { reorderTasks } from '../../../src/worker/domain/tasks/reorderTasks';
import type { TaskCreateInput } from '../../../src/worker/domain/tasks/schemas';
import { expectClockedEdit } from './clockAssert';
import { MemoryVault } from './memoryVault';

let v: MemoryVault;
const make = async (input: Partial<TaskCreateInput> = {}) =>
  v.must(await createTask(v.ctx, { title: 't', ...input })).tasks[0]!;

beforeEach(async () => {
  v = await MemoryVault.withInbox();
});

describe('subtasks', () => {
  it('convertToSubtask joins the parent’s project at the end of its children; convertToTask undoes it', async () => {
    const work = v.must(await createProject(v.ctx, { name: 'Work' })).projects[0]!;
    const parent = await make({ projectId: work.id });
    await make({ parentId: parent.id });
    const t = await make();
    const sub = v.must(await convertToSubtask(v.ctx, t.id, parent.id)).tasks[0]!;
    expect(sub).toMatchObject({
      parentId: parent.id,
      projectId: work.id,
      statusId: `${work.id}-todo`,
      position: 1024,
    });
    expectClockedEdit(t, sub, 'devA');
    const top = v.must(await convertToTask(v.ctx, t.id)).tasks[0]!;
    expect(top.parentId).toBeNull();
    expect(top.position).toBe(1024);
  });

  it('no task may become its own ancestor', async () => {
    const a = await make();
    const b = await make({ parentId: a.id });
    const c = await make({ parentId: b.id });
    const before = v.snapshot();
    for (const [id, parent] of [
      [a.id, c.id],
      [a.id, a.id],
      [b.id, c.id],
    ] as const) {
      const r = await convertToSubtask(v.ctx, id, parent);
      expect(!r.ok && r.error).toMatchObject({ code: 'VALIDATION', field: 'parentId' });
    }
    expect(v.snapshot()).toEqual(before);
  });

  it('a subtask in another project is refused', async () => {
    const work = v.must(await createProject(v.ctx, { name: 'Work' })).projects[0]!;
    const parent = await make({ projectId: work.id });
    const r = await createTask(v.ctx, { title: 'x', parentId: parent.id, projectId: 'inbox' });
    expect(!r.ok && r.error.field).toBe('parentId');
  });
});

describe('move, archive, delete, duplicate, reorder', () => {
  it('moving a task carries its subtree; statuses follow completion', async () => {
    const work = v.must(await createProject(v.ctx, { name: 'Work' })).projects[0]!;
    const parent = await make();
    const child = await make({ parentId: parent.id, statusId: 'inbox-done' });
    const set = v.must(await moveTask(v.ctx, parent.id, { projectId: work.id }));
    expect(v.task(parent.id)).toMatchObject({
      projectId: work.id,
      statusId: `${work.id}-todo`,
      parentId: null,
    });
    expect(v.task(child.id)).toMatchObject({
      projectId: work.id,
      statusId: `${work.id}-done`,
      parentId: parent.id,
    });
    expect(set.tasks).toHaveLength(2);
  });

  it('moving a subtask alone to another project makes it top-level there', async () => {
    const work = v.must(await createProject(v.ctx, { name: 'Work' })).projects[0]!;
    const parent = await make();
    const child = await make({ parentId: parent.id });
    v.must(await moveTask(v.ctx, child.id, { projectId: work.id, position: 5 }));
    expect(v.task(child.id)).toMatchObject({ projectId: work.id, parentId: null, position: 5 });
  });

  it('archive and unarchive take the subtree along, ticking each record', async () => {
    const parent = await make();
    const child = await make({ parentId: parent.id });
    v.must(await archiveTask(v.ctx, parent.id));
    expect(v.task(child.id).archivedAt).not.toBeNull();
    expectClockedEdit(child, v.task(child.id), 'devA');
    v.must(await unarchiveTask(v.ctx, parent.id));
    expect(v.task(child.id).archivedAt).toBeNull();
  });

  it('delete removes the subtree and leaves tombstones whose clocks dominate the records', async () => {
    const parent = await make();
    const child = await make({ parentId: parent.id });
    const set = v.must(await deleteTask(v.ctx, parent.id));
    expect(set.deletedTasks.map((t) => t.id)).toEqual([parent.id, child.id]);
    expect(set.deletedTasks[0]!.clock).toEqual({ devA: 2 });
    expect(v.tasks.size).toBe(0);
  });

  it('duplicate copies the subtree as new open tasks with fresh clocks', async () => {
    const parent = await make({ title: 'P', statusId: 'inbox-done', tags: ['x'] });
    await make({ title: 'C', parentId: parent.id });
    const set = v.must(await duplicateTask(v.ctx, parent.id));
    const [copy, childCopy] = set.tasks;
    expect(copy).toMatchObject({
      title: 'P',
      completedAt: null,
      statusId: 'inbox-todo',
      tags: ['x'],
      clock: { devA: 1 },
    });
    expect(copy!.id).not.toBe(parent.id);
    expect(childCopy).toMatchObject({ title: 'C', parentId: copy!.id });
  });

  it('reorder rewrites only the tasks that must move', async () => {
    const a = await make();
    const b = await make();
    const c = await make();
    const set = v.must(await reorderTasks(v.ctx, [c.id, a.id, b.id]));
    expect(set.tasks.map((t) => t.id)).toEqual([c.id]);
    const ps = [c, a, b].map((t) => v.task(t.id).position);
    expect(ps[0]! < ps[1]! && ps[1]! < ps[2]!).toBe(true);
    expectClockedEdit(c, v.task(c.id), 'devA');
  });

  it('reorder refuses tasks from different lists', async () => {
    const a = await make();
    const b = await make({ parentId: a.id });
    const r = await reorderTasks(v.ctx, [a.id, b.id]);
    expect(!r.ok && r.error.field).toBe('ids[1]');
  });
});

describe('bulk operations are all-or-nothing', () => {
  it('bulkComplete, bulkArchive and bulkMove apply to every id', async () => {
    const work = v.must(await createProject(v.ctx, { name: 'Work' })).projects[0]!;
    const ids = [(await make()).id, (await make()).id];
    v.must(await bulkComplete(v.ctx, ids));
    expect(ids.every((id) => v.task(id).completedAt !== null)).toBe(true);
    v.must(await bulkMove(v.ctx, ids, { projectId: work.id }));
    expect(ids.map((id) => v.task(id).statusId)).toEqual([`${work.id}-done`, `${work.id}-done`]);
    v.must(await bulkArchive(v.ctx, ids));
    expect(ids.every((id) => v.task(id).archivedAt !== null)).toBe(true);
  });

  it('one unknown id refuses the whole bulk and changes nothing', async () => {
    const a = await make();
    const before = v.snapshot();
    const r = await bulkComplete(v.ctx, [a.id, 'ghost']);
    expect(!r.ok && r.error).toMatchObject({ code: 'NOT_FOUND', field: 'ids[1]' });
    expect(v.snapshot()).toEqual(before);
  });

  it('bulkDelete of a parent and its child deletes both once', async () => {
    const p = await make();
    const c = await make({ parentId: p.id });
    const set = v.must(await bulkDelete(v.ctx, [p.id, c.id]));
    expect(set.deletedTasks.map((t) => t.id).sort()).toEqual([c.id, p.id].sort());
  });

  it('bulkMove of a parent and its child keeps the child under its parent', async () => {
    const work = v.must(await createProject(v.ctx, { name: 'Work' })).projects[0]!;
    const p = await make();
    const c = await make({ parentId: p.id });
    v.must(await bulkMove(v.ctx, [p.id, c.id], { projectId: work.id }));
    expect(v.task(c.id)).toMatchObject({ projectId: work.id, parentId: p.id });
  });
});
