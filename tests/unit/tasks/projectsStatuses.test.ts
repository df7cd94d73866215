import { beforeEach, describe, expect, it } from 'vitest';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { ensureInbox } from '../../../src/worker/domain/tasks/projects/ensureInbox';
import {
  createProject,
  reorderProjects,
  setProjectArchived,
  updateProject,
} from '../../../src/worker/domain/tasks/projects/projectOps';
import {
  createStatus,
  deleteStatus,
  reorderStatuses,
  updateStatus,
} from '../../../src/worker/domain/tasks/projects/statusOps';
import { PROJECT_SYNC_FIELDS } from '../../../src/worker/domain/tasks/syncFields';
import { trashProject } from '../../../src/worker/domain/trash/projectTrash';
import { MemoryVault } from './memoryVault';

let v: MemoryVault;
beforeEach(async () => {
  v = await MemoryVault.withInbox();
});

describe('the Inbox', () => {
  it('exists after ensureInbox with id inbox, name Inbox and three default statuses; a second run adds nothing', async () => {
    expect(v.projects.get('inbox')).toMatchObject({
      id: 'inbox',
      name: 'Inbox',
      isInbox: true,
      clock: { devA: 1 },
    });
    expect([...v.statuses.values()].map((s) => [s.id, s.name, s.isDefault, s.isDone])).toEqual([
      ['inbox-todo', 'To do', true, false],
      ['inbox-doing', 'In progress', false, false],
      ['inbox-done', 'Done', false, true],
    ]);
    const again = await ensureInbox(v.ctx);
    expect(again.projects).toEqual([]);
  });

  it('cannot be deleted, archived or renamed; its colour can change', async () => {
    const before = v.snapshot();
    const del = await trashProject(v.ctx, 'inbox');
    expect(!del.ok && del.error).toMatchObject({ code: 'VALIDATION', field: 'id' });
    const arch = await setProjectArchived(v.ctx, 'inbox', true);
    expect(!arch.ok && arch.error.field).toBe('id');
    const ren = await updateProject(v.ctx, 'inbox', { name: 'Stuff' });
    expect(!ren.ok && ren.error.field).toBe('name');
    expect(v.snapshot()).toEqual(before);
    const colour = v.must(await updateProject(v.ctx, 'inbox', { color: '#112233' })).projects[0]!;
    expect(colour.color).toBe('#112233');
    expect(colour.fieldClocks.color).toEqual({ devA: 2 });
    expect(colour.fieldClocks.name).toEqual({ devA: 1 });
  });
});

describe('projects', () => {
  it('a new project has every syncable field clocked, default statuses and the last position', async () => {
    const set = v.must(await createProject(v.ctx, { name: 'Work', icon: '💼' }));
    const p = set.projects[0]!;
    expect(p).toMatchObject({ name: 'Work', icon: '💼', isInbox: false, position: 1024, archivedAt: null });
    expect(Object.keys(p.fieldClocks).sort()).toEqual([...PROJECT_SYNC_FIELDS].sort());
    expect(set.statuses.map((s) => s.id)).toEqual([`${p.id}-todo`, `${p.id}-doing`, `${p.id}-done`]);
  });

  it('refuses a bad colour and an empty name', async () => {
    const c = await createProject(v.ctx, { name: 'x', color: 'red' });
    expect(!c.ok && c.error.field).toBe('color');
    const n = await createProject(v.ctx, { name: '' });
    expect(!n.ok && n.error.field).toBe('name');
  });

  it('delete moves the project and its tasks to the Trash as updates, no tombstone (docs/trash.md)', async () => {
    const p = v.must(await createProject(v.ctx, { name: 'Old' })).projects[0]!;
    const a = v.must(await createTask(v.ctx, { title: 'a', projectId: p.id })).tasks[0]!;
    v.must(await createTask(v.ctx, { title: 'a1', projectId: p.id, parentId: a.id }));
    const set = v.must(await trashProject(v.ctx, p.id));
    expect(set.projects).toMatchObject([{ id: p.id, trashedAt: expect.any(String) }]);
    expect(set.projects[0]!.clock).toEqual({ devA: 2 });
    expect(set.tasks.map((t) => [t.title, t.trashedWith])).toEqual([
      ['a', p.id],
      ['a1', p.id],
    ]);
    expect([set.deletedProjects, set.deletedStatuses, set.deletedTasks]).toEqual([[], [], []]);
    expect(v.tasks.size).toBe(2);
  });

  it('archive is idempotent; reorder keeps the Inbox first', async () => {
    const a = v.must(await createProject(v.ctx, { name: 'A' })).projects[0]!;
    const b = v.must(await createProject(v.ctx, { name: 'B' })).projects[0]!;
    v.must(await setProjectArchived(v.ctx, a.id, true));
    const again = await setProjectArchived(v.ctx, a.id, true);
    expect(again.ok && again.value.projects).toEqual([]);
    v.must(await reorderProjects(v.ctx, [b.id, 'inbox', a.id]));
    const order = [...v.projects.values()].sort((x, y) => x.position - y.position).map((p) => p.id);
    expect(order).toEqual(['inbox', b.id, a.id]);
  });
});

describe('statuses', () => {
  it('a new default status demotes the old one; a done status cannot be the default', async () => {
    const s = v.must(await createStatus(v.ctx, { projectId: 'inbox', name: 'Backlog', isDefault: true }));
    expect(s.statuses.map((x) => [x.id, x.isDefault])).toEqual([
      [s.statuses[0]!.id, true],
      ['inbox-todo', false],
    ]);
    const bad = await createStatus(v.ctx, { projectId: 'inbox', name: 'X', isDefault: true, isDone: true });
    expect(!bad.ok && bad.error.field).toBe('isDefault');
    const flip = await updateStatus(v.ctx, s.statuses[0]!.id, { isDone: true });
    expect(!flip.ok && flip.error.field).toBe('isDone');
  });

  it('deleting a status moves its tasks to the default status without changing completion', async () => {
    const t = v.must(await createTask(v.ctx, { title: 'a', statusId: 'inbox-doing' })).tasks[0]!;
    v.must(await deleteStatus(v.ctx, 'inbox-doing'));
    expect(v.task(t.id)).toMatchObject({ statusId: 'inbox-todo', completedAt: null });
    expect(v.task(t.id).fieldClocks.statusId).toEqual({ devA: 2 });
    expect(v.statuses.has('inbox-doing')).toBe(false);
  });

  it('deleting a done status moves its tasks to another done status when there is one', async () => {
    const archive = v.must(await createStatus(v.ctx, { projectId: 'inbox', name: 'Shipped', isDone: true }))
      .statuses[0]!;
    const t = v.must(await createTask(v.ctx, { title: 'a', statusId: 'inbox-done' })).tasks[0]!;
    v.must(await deleteStatus(v.ctx, 'inbox-done'));
    expect(v.task(t.id).statusId).toBe(archive.id);
    expect(v.task(t.id).completedAt).not.toBeNull();
  });

  it('the default status cannot be deleted', async () => {
    const r = await deleteStatus(v.ctx, 'inbox-todo');
    expect(!r.ok && r.error.field).toBe('id');
  });

  it('reorder changes only the columns that move and ticks their clocks', async () => {
    const set = v.must(await reorderStatuses(v.ctx, 'inbox', ['inbox-done', 'inbox-todo', 'inbox-doing']));
    expect(set.statuses.map((s) => s.id)).toEqual(['inbox-done']);
    expect(set.statuses[0]!.clock).toEqual({ devA: 2 });
  });
});
