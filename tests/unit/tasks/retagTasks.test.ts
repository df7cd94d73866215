import { beforeEach, describe, expect, it } from 'vitest';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { removeTagFromTasks, renameTagOnTasks } from '../../../src/worker/domain/tasks/retagTasks';
import { MemoryVault } from './memoryVault';

let v: MemoryVault;
const make = async (tags: string[]) => v.must(await createTask(v.ctx, { title: 't', tags })).tasks[0]!;
beforeEach(async () => {
  v = await MemoryVault.withInbox();
});

describe('tag rename, merge and delete on tasks', () => {
  it('renames case-insensitively, keeping the position of the tag; ticks only tasks that change', async () => {
    const a = await make(['Work', 'urgent']);
    const b = await make(['home']);
    const set = v.must(await renameTagOnTasks(v.ctx, [a.id, b.id, 'deleted-meanwhile'], 'work', 'job'));
    expect(set.tasks.map((t) => t.id)).toEqual([a.id]);
    expect(v.task(a.id).tags).toEqual(['job', 'urgent']);
    expect(v.task(a.id).fieldClocks.tags).toEqual({ devA: 2 });
    expect(v.task(b.id).clock).toEqual({ devA: 1 });
  });

  it('renaming into a tag the task already has merges them', async () => {
    const a = await make(['draft', 'Review', 'x']);
    v.must(await renameTagOnTasks(v.ctx, [a.id], 'draft', 'review'));
    expect(v.task(a.id).tags).toEqual(['review', 'x']);
  });

  it('removes a tag; an empty new name is refused', async () => {
    const a = await make(['a', 'B']);
    v.must(await removeTagFromTasks(v.ctx, [a.id], 'b'));
    expect(v.task(a.id).tags).toEqual(['a']);
    const bad = await renameTagOnTasks(v.ctx, [a.id], 'a', '  # ');
    expect(!bad.ok && bad.error.field).toBe('to');
  });
});
