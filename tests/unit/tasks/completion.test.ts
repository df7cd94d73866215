import { beforeEach, describe, expect, it } from 'vitest';
import { completeTask, uncompleteTask } from '../../../src/worker/domain/tasks/completeTask';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import type { TaskCreateInput } from '../../../src/worker/domain/tasks/schemas';
import { updateTask } from '../../../src/worker/domain/tasks/updateTask';
import { expectClockedEdit } from './clockAssert';
import { MemoryVault } from './memoryVault';

describe('status / completion coupling', () => {
  let v: MemoryVault;
  const make = async (input: Partial<TaskCreateInput> = {}) =>
    v.must(await createTask(v.ctx, { title: 't', ...input })).tasks[0]!;
  beforeEach(async () => {
    v = await MemoryVault.withInbox();
  });

  it('completing moves the task to the done status; uncompleting to the default status', async () => {
    const t = await make({ statusId: 'inbox-doing' });
    v.nowMs += 1000;
    const done = v.must(await completeTask(v.ctx, t.id)).tasks[0]!;
    expect(done.completedAt).toBe('2026-11-21T10:00:01.000Z');
    expect(done.statusId).toBe('inbox-done');
    expectClockedEdit(t, done, 'devA');
    const open = v.must(await uncompleteTask(v.ctx, t.id)).tasks[0]!;
    expect(open.completedAt).toBeNull();
    expect(open.statusId).toBe('inbox-todo');
    expectClockedEdit(done, open, 'devA');
  });

  it('moving into a done status completes; out of it reopens, keeping the chosen status', async () => {
    const t = await make();
    const done = v.must(await updateTask(v.ctx, t.id, { statusId: 'inbox-done' })).tasks[0]!;
    expect(done.completedAt).not.toBeNull();
    expectClockedEdit(t, done, 'devA');
    const doing = v.must(await updateTask(v.ctx, t.id, { statusId: 'inbox-doing' })).tasks[0]!;
    expect(doing.completedAt).toBeNull();
    expect(doing.statusId).toBe('inbox-doing');
  });

  it('completing twice and reopening an open task are no-ops (no clock tick)', async () => {
    const t = await make();
    const first = v.must(await completeTask(v.ctx, t.id));
    expect(first.tasks).toHaveLength(1);
    const again = await completeTask(v.ctx, t.id);
    expect(again.ok && again.value.tasks).toEqual([]);
    v.must(await uncompleteTask(v.ctx, t.id));
    const reopen = await uncompleteTask(v.ctx, t.id);
    expect(reopen.ok && reopen.value.tasks).toEqual([]);
  });

  it('unknown ids are NOT_FOUND', async () => {
    const r = await completeTask(v.ctx, 'missing');
    expect(!r.ok && r.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
  });
});

describe('completing a repeating task yields the next occurrence', () => {
  let v: MemoryVault;
  beforeEach(async () => {
    v = await MemoryVault.withInbox();
  });

  it('from the due date: Jan 31 monthly → Feb 28, start date shifted, new open record', async () => {
    const t = v.must(
      await createTask(v.ctx, {
        title: 'Rent',
        dueDate: '2026-01-31',
        dueTime: '09:00',
        startDate: '2026-01-29',
        tags: ['home'],
        priority: 3,
        repeatConfig: { frequency: 'monthly', interval: 1 },
      }),
    ).tasks[0]!;
    const set = v.must(await completeTask(v.ctx, t.id));
    expect(set.tasks).toHaveLength(2);
    const [done, next] = set.tasks;
    expect(done!.id).toBe(t.id);
    expect(done!.completedAt).not.toBeNull();
    expect(done!.repeatConfig).toBeNull();
    expect(next!.id).not.toBe(t.id);
    expect(next).toMatchObject({
      title: 'Rent',
      dueDate: '2026-02-28',
      dueTime: '09:00',
      startDate: '2026-02-26',
      tags: ['home'],
      priority: 3,
      completedAt: null,
      statusId: 'inbox-todo',
      repeatFrom: 'due',
      repeatConfig: { frequency: 'monthly', interval: 1, monthDay: 31, occurrence: 2 },
      clock: { devA: 1 },
    });
    const after = v.must(await completeTask(v.ctx, next!.id)).tasks[1]!;
    expect(after.dueDate).toBe('2026-03-31');
  });

  it('from completion: the local date of completion in the user’s zone counts', async () => {
    const v2 = await MemoryVault.withInbox('devA', 'America/New_York');
    const t = v2.must(
      await createTask(v2.ctx, {
        title: 'Water plants',
        dueDate: '2026-11-10',
        repeatConfig: { frequency: 'daily', interval: 3 },
        repeatFrom: 'completion',
      }),
    ).tasks[0]!;
    v2.nowMs = Date.parse('2026-11-22T03:00:00Z'); // 22:00 on Nov 21 in New York
    const next = v2.must(await completeTask(v2.ctx, t.id)).tasks[1]!;
    expect(next.dueDate).toBe('2026-11-24');
  });

  it('the last occurrence of a counted series yields no next task', async () => {
    const t = v.must(
      await createTask(v.ctx, {
        title: 'twice',
        dueDate: '2026-11-21',
        repeatConfig: { frequency: 'weekly', interval: 1, count: 2 },
      }),
    ).tasks[0]!;
    const next = v.must(await completeTask(v.ctx, t.id)).tasks[1]!;
    expect(next.dueDate).toBe('2026-11-28');
    const end = v.must(await completeTask(v.ctx, next.id));
    expect(end.tasks).toHaveLength(1);
    expect(end.tasks[0]!.repeatConfig).not.toBeNull();
  });

  it('dragging a repeating task into Done on the board also creates the next occurrence', async () => {
    const t = v.must(
      await createTask(v.ctx, {
        title: 'd',
        dueDate: '2026-11-21',
        repeatConfig: { frequency: 'daily', interval: 1 },
      }),
    ).tasks[0]!;
    const set = v.must(await updateTask(v.ctx, t.id, { statusId: 'inbox-done' }));
    expect(set.tasks.map((x) => x.dueDate)).toEqual(['2026-11-21', '2026-11-22']);
  });
});
