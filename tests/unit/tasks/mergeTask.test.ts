import { describe, expect, it } from 'vitest';
import { completeTask } from '../../../src/worker/domain/tasks/completeTask';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { mergeProject, mergeStatus, mergeTask } from '../../../src/worker/domain/tasks/mergeRecords';
import { updateProject } from '../../../src/worker/domain/tasks/projects/projectOps';
import { reconcileTaskStatus } from '../../../src/worker/domain/tasks/reconcileTask';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { updateTask } from '../../../src/worker/domain/tasks/updateTask';
import { MemoryVault } from './memoryVault';

/** Two devices holding the same task, as after a sync. */
async function twoDevices() {
  const a = await MemoryVault.withInbox('devA');
  const b = await MemoryVault.withInbox('devB');
  const t = a.must(await createTask(a.ctx, { title: 'shared', priority: 1 })).tasks[0]!;
  b.tasks.set(t.id, { ...t, syncedAt: 'b-sync' });
  return { a, b, id: t.id };
}

describe('mergeTask with real edits from two devices', () => {
  it('concurrent edits of different fields both survive, on both devices', async () => {
    const { a, b, id } = await twoDevices();
    a.must(await updateTask(a.ctx, id, { title: 'renamed on A' }));
    b.must(await updateTask(b.ctx, id, { priority: 4, tags: ['urgent'] }));
    const onB = mergeTask(b.task(id), a.task(id));
    expect(onB.merged).toMatchObject({
      title: 'renamed on A',
      priority: 4,
      tags: ['urgent'],
      syncedAt: 'b-sync',
    });
    expect(onB.needsPush).toBe(true);
    const onA = mergeTask(a.task(id), onB.merged);
    expect(onA.merged).toMatchObject({ title: 'renamed on A', priority: 4, tags: ['urgent'] });
    expect(onA.needsPush).toBe(false);
    expect(onA.merged.clock).toEqual({ devA: 2, devB: 1 });
  });

  it('the same field: more ticks win; equal ticks → the incoming write wins', async () => {
    const { a, b, id } = await twoDevices();
    a.must(await updateTask(a.ctx, id, { title: 'A1' }));
    a.must(await updateTask(a.ctx, id, { title: 'A2' }));
    b.must(await updateTask(b.ctx, id, { title: 'B1' }));
    expect(mergeTask(b.task(id), a.task(id)).merged.title).toBe('A2');
    expect(mergeTask(a.task(id), b.task(id)).merged.title).toBe('A2');

    const tie = await twoDevices();
    tie.a.must(await updateTask(tie.a.ctx, tie.id, { title: 'from A' }));
    tie.b.must(await updateTask(tie.b.ctx, tie.id, { title: 'from B' }));
    expect(mergeTask(tie.a.task(tie.id), tie.b.task(tie.id)).merged.title).toBe('from B');
    expect(mergeTask(tie.b.task(tie.id), tie.a.task(tie.id)).merged.title).toBe('from A');
  });

  it('keeps the earliest createdAt and the latest modifiedAt', async () => {
    const { a, b, id } = await twoDevices();
    b.nowMs += 5000;
    b.must(await updateTask(b.ctx, id, { priority: 2 }));
    const m = mergeTask(a.task(id), b.task(id)).merged;
    expect(m.createdAt).toBe(a.task(id).createdAt);
    expect(m.modifiedAt).toBe(b.task(id).modifiedAt);
  });

  it('reconcile: a completion won by one device and a status by the other are made consistent', async () => {
    const { a, b, id } = await twoDevices();
    a.must(await completeTask(a.ctx, id));
    b.must(await updateTask(b.ctx, id, { statusId: 'inbox-doing' }));
    b.must(await updateTask(b.ctx, id, { priority: 3 }));
    const merged: TaskRecord = mergeTask(a.task(id), b.task(id)).merged;
    expect(merged.completedAt).not.toBeNull();
    expect(merged.statusId).toBe('inbox-doing');
    expect(reconcileTaskStatus(merged, [...a.statuses.values()])).toEqual({ statusId: 'inbox-done' });
    expect(reconcileTaskStatus(a.task(id), [...a.statuses.values()])).toEqual({});
    expect(reconcileTaskStatus({ ...merged, statusId: 'gone' }, [...a.statuses.values()])).toEqual({
      statusId: 'inbox-done',
    });
  });
});

describe('mergeProject and mergeStatus', () => {
  it('project fields merge one by one', async () => {
    const a = await MemoryVault.withInbox('devA');
    const inbox = a.projects.get('inbox')!;
    const bb = new MemoryVault('devB');
    bb.projects.set('inbox', inbox);
    a.must(await updateProject(a.ctx, 'inbox', { color: '#000000' }));
    bb.must(await updateProject(bb.ctx, 'inbox', { icon: 'tray' }));
    const m = mergeProject(a.projects.get('inbox')!, bb.projects.get('inbox')!).merged;
    expect(m).toMatchObject({ color: '#000000', icon: 'tray', name: 'Inbox' });
  });

  it('a status merges whole by record clock', () => {
    const base = {
      id: 's',
      projectId: 'p',
      name: 'x',
      color: '#000000',
      position: 0,
      isDefault: false,
      isDone: false,
      createdAt: '',
      modifiedAt: '',
    };
    const local = { ...base, name: 'L', clock: { a: 3 } };
    const remote = { ...base, name: 'R', clock: { b: 3 } };
    expect(mergeStatus(local, remote)).toMatchObject({ name: 'R', clock: { a: 3, b: 3 } });
    expect(mergeStatus({ ...local, clock: { a: 4 } }, remote).name).toBe('L');
  });
});
