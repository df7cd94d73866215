import { beforeEach, describe, expect, it } from 'vitest';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { TASK_SYNC_FIELDS } from '../../../src/worker/domain/tasks/syncFields';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { updateTask } from '../../../src/worker/domain/tasks/updateTask';
import { expectClockedEdit } from './clockAssert';
import { MemoryVault } from './memoryVault';

describe('createTask', () => {
  let v: MemoryVault;
  beforeEach(async () => {
    v = await MemoryVault.withInbox();
  });

  it('fills every field of the full task with defaults: Inbox, default status, end of list', async () => {
    const set = v.must(await createTask(v.ctx, { title: 'Write report' }));
    const t = set.tasks[0]!;
    expect(t).toMatchObject({
      title: 'Write report',
      projectId: 'inbox',
      statusId: 'inbox-todo',
      parentId: null,
      description: null,
      priority: 0,
      position: 0,
      dueDate: null,
      dueTime: null,
      startDate: null,
      repeatConfig: null,
      repeatFrom: null,
      sourceNoteId: null,
      completedAt: null,
      archivedAt: null,
      syncedAt: null,
      tags: [],
      createdAt: '2026-11-21T10:00:00.000Z',
      modifiedAt: '2026-11-21T10:00:00.000Z',
      clock: { devA: 1 },
    });
    expect(Object.keys(t.fieldClocks).sort()).toEqual([...TASK_SYNC_FIELDS].sort());
    const second = v.must(await createTask(v.ctx, { title: 'Next' })).tasks[0]!;
    expect(second.position).toBe(1024);
  });

  it('normalizes tags and anchors a repeat rule to the due date', async () => {
    const t = v.must(
      await createTask(v.ctx, {
        title: 'Rent',
        tags: ['#home', 'Home', ' money '],
        dueDate: '2026-01-31',
        repeatConfig: { frequency: 'monthly', interval: 1 },
      }),
    ).tasks[0]!;
    expect(t.tags).toEqual(['home', 'money']);
    expect(t.repeatConfig).toEqual({ frequency: 'monthly', interval: 1, monthDay: 31 });
    expect(t.repeatFrom).toBe('due');
  });

  it('a subtask defaults to its parent’s project; created in a done status it is completed', async () => {
    const parent = v.must(await createTask(v.ctx, { title: 'P' })).tasks[0]!;
    const child = v.must(await createTask(v.ctx, { title: 'C', parentId: parent.id, statusId: 'inbox-done' }))
      .tasks[0]!;
    expect(child.projectId).toBe('inbox');
    expect(child.completedAt).toBe('2026-11-21T10:00:00.000Z');
  });
});

describe('task validation refuses bad input, naming the field, and changes nothing', () => {
  let v: MemoryVault;
  let existing: TaskRecord;
  beforeEach(async () => {
    v = await MemoryVault.withInbox();
    existing = v.must(await createTask(v.ctx, { title: 'exists', dueDate: '2026-11-25' })).tasks[0]!;
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['empty title', { title: '' }, 'title'],
    ['title of 501 characters', { title: 'x'.repeat(501) }, 'title'],
    ['priority 5', { title: 't', priority: 5 }, 'priority'],
    ['priority -1', { title: 't', priority: -1 }, 'priority'],
    ['fractional priority', { title: 't', priority: 1.5 }, 'priority'],
    ['description over 10,000', { title: 't', description: 'd'.repeat(10_001) }, 'description'],
    ['21 tags', { title: 't', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    ['time 24:00', { title: 't', dueDate: '2026-01-01', dueTime: '24:00' }, 'dueTime'],
    ['time 9:00', { title: 't', dueDate: '2026-01-01', dueTime: '9:00' }, 'dueTime'],
    ['date 2026-02-30', { title: 't', dueDate: '2026-02-30' }, 'dueDate'],
    ['date 26-01-01', { title: 't', startDate: '26-01-01' }, 'startDate'],
    ['time without date', { title: 't', dueTime: '10:00' }, 'dueTime'],
    ['start after due', { title: 't', dueDate: '2026-01-01', startDate: '2026-01-02' }, 'startDate'],
    ['unknown project', { title: 't', projectId: 'nope' }, 'projectId'],
    ['unknown status', { title: 't', statusId: 'nope' }, 'statusId'],
    ['unknown parent', { title: 't', parentId: 'nope' }, 'parentId'],
    ['unknown property', { title: 't', colour: 'red' }, 'colour'],
    [
      'bad repeat frequency',
      { title: 't', repeatConfig: { frequency: 'hourly', interval: 1 } },
      'repeatConfig',
    ],
    ['repeatFrom without rule', { title: 't', repeatFrom: 'due' }, 'repeatFrom'],
  ];

  for (const [name, input, field] of cases) {
    it(`create: ${name}`, async () => {
      const before = v.snapshot();
      const result = await createTask(v.ctx, input as never);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('VALIDATION');
        expect(result.error.field.startsWith(field)).toBe(true);
        expect(result.error.message.length).toBeGreaterThan(0);
      }
      expect(v.snapshot()).toEqual(before);
    });
  }

  it('an enum refusal lists the allowed values', async () => {
    const result = await createTask(v.ctx, {
      title: 't',
      repeatConfig: { frequency: 'hourly' as never, interval: 1 },
    });
    expect(result.ok || result.error.code).toBe('VALIDATION');
    if (!result.ok && result.error.code === 'VALIDATION') {
      expect(result.error.field).toBe('repeatConfig.frequency');
      expect(result.error.allowed).toEqual(['daily', 'weekly', 'monthly', 'yearly']);
    }
  });

  it('update: a status of another project is refused', async () => {
    const other = v.must(
      await (await import('../../../src/worker/domain/tasks/projects/projectOps')).createProject(v.ctx, {
        name: 'Work',
      }),
    ).projects[0]!;
    const result = await updateTask(v.ctx, existing.id, { statusId: `${other.id}-todo` });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.field).toBe('statusId');
  });

  it('update: moving the due date before the start date names dueDate', async () => {
    v.must(await updateTask(v.ctx, existing.id, { startDate: '2026-11-24' }));
    const result = await updateTask(v.ctx, existing.id, { dueDate: '2026-11-20' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.field).toBe('dueDate');
  });

  it('update: an unknown task id is NOT_FOUND; an empty patch is refused', async () => {
    const missing = await updateTask(v.ctx, 'nope', { title: 'x' });
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND');
    const empty = await updateTask(v.ctx, existing.id, {});
    expect(!empty.ok && empty.error.code).toBe('VALIDATION');
  });
});

describe('updateTask clocks', () => {
  it('ticks the record clock and exactly the changed fields; a no-op edit ticks nothing', async () => {
    const v = await MemoryVault.withInbox();
    const t = v.must(await createTask(v.ctx, { title: 'a', priority: 1 })).tasks[0]!;
    v.nowMs += 60_000;
    const after = v.must(await updateTask(v.ctx, t.id, { title: 'b', priority: 1, tags: ['x'] })).tasks[0]!;
    expectClockedEdit(t, after, 'devA');
    expect(after.fieldClocks.title).toEqual({ devA: 2 });
    expect(after.fieldClocks.priority).toEqual({ devA: 1 });
    expect(after.modifiedAt).toBe('2026-11-21T10:01:00.000Z');
    const noop = await updateTask(v.ctx, t.id, { title: 'b' });
    expect(noop.ok && noop.value.tasks.length).toBe(0);
  });

  it('ticks under this install’s device id, keeping other devices’ counters', async () => {
    const v = await MemoryVault.withInbox('devB');
    const t = v.must(await createTask(v.ctx, { title: 'a' })).tasks[0]!;
    v.tasks.set(t.id, {
      ...t,
      clock: { devA: 7, devB: 1 },
      fieldClocks: { ...t.fieldClocks, title: { devA: 7 } },
    });
    const after = v.must(await updateTask(v.ctx, t.id, { title: 'c' })).tasks[0]!;
    expect(after.clock).toEqual({ devA: 7, devB: 2 });
    expect(after.fieldClocks.title).toEqual({ devA: 7, devB: 1 });
  });
});
