import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tick } from '../../../src/worker/domain/clock/vectorClock';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { openTestVault, value } from './harness';

type Vault = Awaited<ReturnType<typeof openTestVault>>;
let v: Vault;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

const created = (res: Parameters<typeof value>[0]) => value<{ task: TaskRecord }>(res).task;

describe('tasks operations over Dexie', () => {
  it('creates the Inbox with its statuses on first use, and the task in it', async () => {
    const task = created(await v.write('tasks.create', { title: 'Buy milk', dueDate: '2026-11-21' }));
    expect(task.projectId).toBe('inbox');
    const project = value<{ statuses: { name: string }[] }>(await v.read('tasks.getProject', 'inbox'));
    expect(project.statuses.map((s) => s.name)).toEqual(['To do', 'In progress', 'Done']);
    expect(task.clock).toEqual({ devA: 1 });
    const stored = await v.db.tasks.get(task.id);
    expect(stored).toMatchObject({ state: 0, parentKey: '', statusKey: task.statusId });
    expect(v.seen.at(-1)).toContainEqual({ table: 'tasks', op: 'put', ids: [task.id] });
  });

  it('ticks the record clock and the changed fields’ clocks on an update, in the stored row', async () => {
    const before = created(await v.write('tasks.create', { title: 'A' }));
    const after = created(await v.write('tasks.update', before.id, { title: 'B', priority: 3 }));
    expect(after.clock).toEqual(tick(before.clock, 'devA'));
    expect(after.fieldClocks.title).toEqual(tick(before.fieldClocks.title ?? {}, 'devA'));
    expect(after.fieldClocks.priority).toEqual(tick(before.fieldClocks.priority ?? {}, 'devA'));
    expect(after.fieldClocks.dueDate).toEqual(before.fieldClocks.dueDate);
    expect((await v.db.tasks.get(before.id))?.clock).toEqual(after.clock);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    await v.write('tasks.create', { title: 'seed' });
    const rows = await v.db.tasks.count();
    const batches = v.seen.length;
    for (const bad of [
      { title: '' },
      { title: 'x', priority: 5 },
      { title: 'x', dueTime: '25:00' },
      { title: 'x', projectId: 'nope' },
    ]) {
      const res = await v.write('tasks.create', bad);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error.field).toBeTruthy();
    }
    const bogusDate = await v.write('tasks.create', { title: 'x', dueDate: '2026-02-30' });
    expect(bogusDate.ok).toBe(false);
    expect(await v.db.tasks.count()).toBe(rows);
    expect(v.seen.length).toBe(batches);
  });

  it('moving into the done status completes, out of it reopens; views follow the state index', async () => {
    const t = created(await v.write('tasks.create', { title: 'Due today', dueDate: '2026-11-21' }));
    await v.write('tasks.create', { title: 'Late', dueDate: '2026-11-19' });
    await v.write('tasks.create', { title: 'Soon', dueDate: '2026-11-23' });
    const board = value<{ columns: { status: { id: string; isDone: boolean }; tasks: { id: string }[] }[] }>(
      await v.read('tasks.getBoard', 'inbox'),
    );
    const done = board.columns.find((c) => c.status.isDone)!.status.id;
    const todo = board.columns[0]!.status.id;
    expect(board.columns[0]!.tasks.map((c) => c.id)).toContain(t.id);

    const moved = created(await v.write('tasks.update', t.id, { statusId: done }));
    expect(moved.completedAt).not.toBeNull();
    expect((await v.db.tasks.get(t.id))?.state).toBe(1);
    const today = value<{ tasks: unknown[] }>(await v.read('tasks.getToday', { today: '2026-11-21' }));
    expect(today.tasks).toHaveLength(0);
    const back = created(await v.write('tasks.update', t.id, { statusId: todo }));
    expect(back.completedAt).toBeNull();

    const overdue = value<{ tasks: { title: string }[] }>(
      await v.read('tasks.getOverdue', { today: '2026-11-21' }),
    );
    expect(overdue.tasks.map((x) => x.title)).toEqual(['Late']);
    const upcoming = value<{ days: { date: string }[] }>(
      await v.read('tasks.getUpcoming', { today: '2026-11-21' }),
    );
    expect(upcoming.days.map((d) => d.date)).toEqual(['2026-11-23']);
  });

  it('completing a repeating task writes the next occurrence in the same transaction', async () => {
    const t = created(
      await v.write('tasks.create', {
        title: 'Water plants',
        dueDate: '2026-11-21',
        repeatConfig: { frequency: 'daily', interval: 2 },
      }),
    );
    const res = value<{ task: TaskRecord; created: TaskRecord[] }>(await v.write('tasks.complete', t.id));
    expect(res.task.completedAt).not.toBeNull();
    expect(res.created.map((c) => c.dueDate)).toEqual(['2026-11-23']);
    expect(await v.db.tasks.where('[state+dueDate]').equals([0, '2026-11-23']).count()).toBe(1);
  });

  it('counts subtasks and refuses a task as its own ancestor', async () => {
    const parent = created(await v.write('tasks.create', { title: 'Parent' }));
    const child = created(await v.write('tasks.create', { title: 'Child', parentId: parent.id }));
    await v.write('tasks.complete', child.id);
    const full = value<{ subtaskCount: number; completedSubtaskCount: number }>(
      await v.read('tasks.get', parent.id),
    );
    expect(full).toMatchObject({ subtaskCount: 1, completedSubtaskCount: 1 });
    const cycle = await v.write('tasks.convertToSubtask', parent.id, child.id);
    expect(cycle.ok).toBe(false);
  });

  it('projects: create with default statuses, the Inbox cannot be deleted, delete forever leaves tombstones', async () => {
    const made = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Home' }),
    );
    const projectId = made.projects[0]!.id;
    const t = created(await v.write('tasks.create', { title: 'Paint', projectId }));
    const list = value<{ projects: { id: string; task_count: number }[] }>(
      await v.read('tasks.listProjects'),
    );
    expect(list.projects.map((p) => p.id)).toEqual(['inbox', projectId]);
    expect(list.projects[1]!.task_count).toBe(1);
    expect((await v.write('tasks.deleteProject', 'inbox')).ok).toBe(false);
    value(await v.write('tasks.deleteProject', projectId));
    expect(await v.items.project.purge([projectId])).toEqual([projectId]);
    expect(await v.db.tasks.get(t.id)).toBeUndefined();
    expect(await v.db.tombstones.get(t.id)).toMatchObject({ kind: 'task' });
  });
});
