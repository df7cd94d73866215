import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { openTestVault, value } from './harness';

type Vault = Awaited<ReturnType<typeof openTestVault>>;
let v: Vault;
let work: string;
beforeEach(async () => {
  v = await openTestVault();
  work = value<{ projects: { id: string }[] }>(await v.write('tasks.createProject', { name: 'Work' }))
    .projects[0]!.id;
});
afterEach(() => v.close());

const create = async (input: Record<string, unknown>) =>
  value<{ task: TaskRecord }>(await v.write('tasks.create', input)).task;
const setDefaults = (patch: Record<string, unknown>) =>
  createSettingsStore(v.services).setGroup('task', patch);

describe('tasks.create applies the task settings (default project, default priority)', () => {
  it('uses the Inbox and priority 0 while the settings are untouched', async () => {
    expect(await create({ title: 'A' })).toMatchObject({ projectId: 'inbox', priority: 0 });
  });

  it('puts a task without a project into the default project, with the default priority', async () => {
    expect((await setDefaults({ defaultProjectId: work, defaultPriority: 3 })).ok).toBe(true);
    const t = await create({ title: 'B' });
    expect(t).toMatchObject({ projectId: work, priority: 3, statusId: `${work}-todo` });
    // An explicit null project means "none chosen" too.
    expect(await create({ title: 'C', projectId: null })).toMatchObject({ projectId: work });
  });

  it('keeps what the call chooses: a project, a priority, a parent’s project for a subtask', async () => {
    await setDefaults({ defaultProjectId: work, defaultPriority: 3 });
    expect(await create({ title: 'D', projectId: 'inbox', priority: 0 })).toMatchObject({
      projectId: 'inbox',
      priority: 0,
    });
    const parent = await create({ title: 'Parent', projectId: 'inbox' });
    expect(await create({ title: 'Child', parentId: parent.id })).toMatchObject({
      projectId: 'inbox',
      parentId: parent.id,
      priority: 3,
    });
  });

  it('falls back to the Inbox when the default project is archived or gone', async () => {
    await setDefaults({ defaultProjectId: work });
    value(await v.write('tasks.archiveProject', work));
    expect(await create({ title: 'E' })).toMatchObject({ projectId: 'inbox' });
    await setDefaults({ defaultProjectId: 'no-such-project' });
    expect(await create({ title: 'F' })).toMatchObject({ projectId: 'inbox' });
  });

  it('refuses a project the call names that does not exist (no fallback), writing nothing', async () => {
    await setDefaults({ defaultProjectId: work, defaultPriority: 2 });
    const before = await v.db.tasks.count();
    const res = await v.write('tasks.create', { title: 'x', projectId: 'nope' });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatchObject({ code: 'VALIDATION', field: 'projectId' });
    expect(await v.db.tasks.count()).toBe(before);
  });
});
