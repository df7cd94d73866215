import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { openTestVault, value } from './harness';

type Vault = Awaited<ReturnType<typeof openTestVault>>;
let v: Vault;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

interface Board {
  includeCompleted: boolean;
  columns: { status: { name: string }; total: number; hiddenCompleted: number; tasks: { title: string }[] }[];
}
const board = async (options?: Record<string, unknown>) =>
  value<Board>(await v.read('tasks.getBoard', 'inbox', ...(options ? [options] : [])));
const shape = (b: Board) =>
  b.columns.map((c) => [c.status.name, c.tasks.map((t) => t.title), c.total, c.hiddenCompleted]);
const create = async (title: string) =>
  value<{ task: TaskRecord }>(await v.write('tasks.create', { title })).task;

describe('tasks.getBoard applies the task setting showCompleted', () => {
  beforeEach(async () => {
    await create('Open one');
    const done = await create('Finished');
    value(await v.write('tasks.complete', done.id));
  });

  it('hides completed tasks by default (showCompleted false) and counts them per column', async () => {
    const b = await board();
    expect(b.includeCompleted).toBe(false);
    expect(shape(b)).toEqual([
      ['To do', ['Open one'], 1, 0],
      ['In progress', [], 0, 0],
      ['Done', [], 0, 1],
    ]);
  });

  it('lists them in their done column once the setting is on, and again after it is off', async () => {
    expect((await createSettingsStore(v.services).setGroup('task', { showCompleted: true })).ok).toBe(true);
    const shown = await board();
    expect(shown.includeCompleted).toBe(true);
    expect(shape(shown)).toEqual([
      ['To do', ['Open one'], 1, 0],
      ['In progress', [], 0, 0],
      ['Done', ['Finished'], 1, 0],
    ]);
    await createSettingsStore(v.services).setGroup('task', { showCompleted: false });
    expect(shape(await board())[2]).toEqual(['Done', [], 0, 1]);
  });

  it('an explicit includeCompleted wins over the setting either way', async () => {
    expect(shape(await board({ includeCompleted: true }))[2]).toEqual(['Done', ['Finished'], 1, 0]);
    await createSettingsStore(v.services).setGroup('task', { showCompleted: true });
    expect(shape(await board({ includeCompleted: false }))[2]).toEqual(['Done', [], 0, 1]);
  });

  it('a task moved into the done status leaves the shown cards and joins the hidden count', async () => {
    const t = await create('Drag me');
    const before = await board();
    const doneId = value<{ columns: { status: { id: string; isDone: boolean } }[] }>(
      await v.read('tasks.getBoard', 'inbox'),
    ).columns.find((c) => c.status.isDone)!.status.id;
    expect(before.columns[0]!.tasks.map((x) => x.title)).toContain('Drag me');
    value(await v.write('tasks.update', t.id, { statusId: doneId }));
    const after = await board();
    expect(shape(after)[0]).toEqual(['To do', ['Open one'], 1, 0]);
    expect(shape(after)[2]).toEqual(['Done', [], 0, 2]);
  });

  it('refuses a non-boolean includeCompleted, naming it', async () => {
    const res = await v.read('tasks.getBoard', 'inbox', { includeCompleted: 'yes' });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(JSON.stringify(res.error)).toContain('includeCompleted');
  });
});
