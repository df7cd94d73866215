import { describe, expect, it } from 'vitest';
import { tick } from '../../../src/worker/domain/clock/vectorClock';
import type { ChangeSet, Result, TaskContext } from '../../../src/worker/domain/tasks';
import * as tasks from '../../../src/worker/domain/tasks';
import { expectClockedEdit } from './clockAssert';
import { MemoryVault } from './memoryVault';

type Path = [name: string, run: (ctx: TaskContext, ids: Fixture) => Promise<Result<ChangeSet>>];
interface Fixture {
  parent: string;
  child: string;
  other: string;
  repeating: string;
  work: string;
}

const paths: Path[] = [
  ['update', (c, f) => tasks.updateTask(c, f.other, { title: 'new', priority: 2 })],
  ['complete', (c, f) => tasks.completeTask(c, f.other)],
  ['complete repeating', (c, f) => tasks.completeTask(c, f.repeating)],
  ['status into done', (c, f) => tasks.updateTask(c, f.other, { statusId: 'inbox-done' })],
  ['archive subtree', (c, f) => tasks.archiveTask(c, f.parent)],
  ['move subtree', (c, f) => tasks.moveTask(c, f.parent, { projectId: f.work })],
  ['reorder', (c, f) => tasks.reorderTasks(c, [f.other, f.parent])],
  ['duplicate', (c, f) => tasks.duplicateTask(c, f.parent)],
  ['convertToSubtask', (c, f) => tasks.convertToSubtask(c, f.other, f.child)],
  ['convertToTask', (c, f) => tasks.convertToTask(c, f.child)],
  ['bulkComplete', (c, f) => tasks.bulkComplete(c, [f.other, f.child])],
  ['bulkMove', (c, f) => tasks.bulkMove(c, [f.other, f.parent], { projectId: f.work })],
  ['bulkArchive', (c, f) => tasks.bulkArchive(c, [f.other, f.repeating])],
  ['deleteStatus', (c) => tasks.deleteStatus(c, 'inbox-doing')],
];

async function fixture(v: MemoryVault): Promise<Fixture> {
  const work = v.must(await tasks.createProject(v.ctx, { name: 'Work' })).projects[0]!.id;
  const mk = async (input: tasks.TaskCreateInput) =>
    v.must(await tasks.createTask(v.ctx, input)).tasks[0]!.id;
  const parent = await mk({ title: 'parent', statusId: 'inbox-doing' });
  const child = await mk({ title: 'child', parentId: parent });
  const other = await mk({ title: 'other', dueDate: '2026-11-21' });
  const repeating = await mk({
    title: 'r',
    dueDate: '2026-11-21',
    repeatConfig: { frequency: 'daily', interval: 1 },
  });
  return { parent, child, other, repeating, work };
}

describe('every edit path advances clocks under this device', () => {
  for (const [name, run] of paths) {
    it(name, async () => {
      const v = await MemoryVault.withInbox('devZ');
      const f = await fixture(v);
      const before = new Map(v.tasks);
      v.nowMs += 60_000;
      const set = v.must(await run(v.ctx, f));
      expect(set.tasks.length + set.deletedTasks.length).toBeGreaterThan(0);
      for (const after of set.tasks) {
        const old = before.get(after.id);
        if (old) expectClockedEdit(old, after, 'devZ');
        else {
          expect(after.clock).toEqual({ devZ: 1 });
          expect(Object.keys(after.fieldClocks)).toHaveLength(tasks.TASK_SYNC_FIELDS.length);
        }
        expect(after.modifiedAt).toBe('2026-11-21T10:01:00.000Z');
      }
      for (const dead of set.deletedTasks)
        expect(dead.clock).toEqual(tick(before.get(dead.id)!.clock, 'devZ'));
    });
  }

  it('delete and bulkDelete leave dominating tombstones', async () => {
    for (const run of [
      (c: TaskContext, f: Fixture) => tasks.deleteTask(c, f.parent),
      (c: TaskContext, f: Fixture) => tasks.bulkDelete(c, [f.parent, f.other]),
    ]) {
      const v = await MemoryVault.withInbox('devZ');
      const f = await fixture(v);
      const before = new Map(v.tasks);
      const set = v.must(await run(v.ctx, f));
      expect(set.deletedTasks.length).toBeGreaterThan(1);
      for (const dead of set.deletedTasks)
        expect(dead.clock).toEqual(tick(before.get(dead.id)!.clock, 'devZ'));
    }
  });
});
