import { describe, expect, it } from 'vitest';
import { type ChangeSet, EMPTY_CHANGES } from '../../../src/worker/domain/tasks/changeSet';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { overlayReadPort } from '../../../src/worker/domain/tasks/overlayReadPort';
import { MemoryVault } from './memoryVault';

describe('overlayReadPort', () => {
  it('sees pending upserts and deletes on top of the base, and writes nothing', async () => {
    const v = await MemoryVault.withInbox();
    const a = v.must(await createTask(v.ctx, { title: 'a' })).tasks[0]!;
    const b = v.must(await createTask(v.ctx, { title: 'b' })).tasks[0]!;
    const child = { ...b, id: 'child', parentId: a.id, position: 9 };
    const moved = { ...a, position: 99_999, statusId: 'inbox-doing' };
    const pending: ChangeSet = {
      ...EMPTY_CHANGES,
      tasks: [moved, child],
      deletedTasks: [{ id: b.id, clock: { devA: 2 }, deletedAt: '' }],
      deletedStatuses: [{ id: 'inbox-done', clock: { devA: 2 }, deletedAt: '' }],
    };
    const before = v.snapshot();
    const read = overlayReadPort(v, () => pending);
    expect(await read.getTask(b.id)).toBeNull();
    expect((await read.getTask(a.id))?.position).toBe(99_999);
    expect((await read.listSubtasks(a.id)).map((t) => t.id)).toEqual(['child']);
    expect(await read.maxTaskPosition('inbox', null)).toBe(99_999);
    expect(await read.maxTaskPosition('inbox', a.id)).toBe(9);
    expect([...(await read.listTaskIdsByStatus('inbox-doing'))]).toEqual([a.id]);
    expect([...(await read.listTaskIdsByProject('inbox'))].sort()).toEqual([a.id, 'child'].sort());
    expect((await read.listStatuses('inbox')).map((s) => s.id).sort()).toEqual(['inbox-doing', 'inbox-todo']);
    expect(await read.getStatus('inbox-done')).toBeNull();
    expect(v.snapshot()).toEqual(before);
  });
});
