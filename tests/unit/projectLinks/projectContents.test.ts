import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRegistry } from '../../../src/worker/ops/registry';
import { calendarOperations } from '../../../src/worker/planning/calendar/calendarOperations';
import { value } from '../planning/harness';
import { openTagVault } from '../tags/tagVault';

interface Contents {
  project: { id: string; name: string; task_count: number };
  homeNote: { id: string; title: string | null } | null;
  tasks: {
    total: number;
    capped: boolean;
    perStatus: number;
    byStatus: { status: { name: string; isDone: boolean }; total: number; tasks: { title: string }[] }[];
  };
  links: {
    total: number;
    capped: boolean;
    items: { itemType: string; title: string | null; pinned: boolean }[];
  };
  linked_counts: { notes: number; files: number; events: number };
}

const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

describe('tasks.listProjectContents', () => {
  let v: Awaited<ReturnType<typeof openTagVault>>;
  beforeEach(async () => {
    v = await openTagVault();
  });
  afterEach(() => v.close());

  async function garden() {
    const { projects } = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Garden' }),
    );
    return projects[0]!.id;
  }
  const contents = async (...args: unknown[]) =>
    value<Contents>(await v.read('tasks.listProjectContents', ...args));

  it('gives tasks by status, links pinned first and the home note in one reply', async () => {
    const projectId = await garden();
    for (const title of ['Dig', 'Sow', 'Water']) value(await v.write('tasks.create', { title, projectId }));
    const { task } = value<{ task: { id: string } }>(
      await v.write('tasks.create', { title: 'Buy seeds', projectId }),
    );
    value(await v.write('tasks.complete', task.id));
    const home = await v.note('Garden plan', 'beds and paths');
    v.clock.ms += 1000;
    const other = await v.note('Compost', 'ratios');
    value(await v.write('tasks.setProjectHomeNote', projectId, home));
    const calendar = createRegistry(calendarOperations(v.services));
    const event = value<{ id: string }>(
      await calendar.write(
        'calendar.createEvent',
        [{ title: 'Market', startAt: '2026-11-28T09:00:00Z' }],
        UI,
      ),
    );
    value(await v.write('tasks.linkProjectItem', { projectId, itemType: 'note', itemId: home }));
    v.clock.ms += 1000;
    value(await v.write('tasks.linkProjectItem', { projectId, itemType: 'note', itemId: other }));
    v.clock.ms += 1000;
    value(await v.write('tasks.linkProjectItem', { projectId, itemType: 'event', itemId: event.id }));
    value(await v.write('tasks.setProjectLinkPinned', { projectId, itemType: 'note', itemId: home }, true));

    const c = await contents(projectId);
    expect(c.project).toMatchObject({ id: projectId, name: 'Garden', task_count: 3 });
    expect(c.homeNote).toMatchObject({ id: home, title: 'Garden plan' });
    expect(c.tasks.byStatus.map((s) => [s.status.name, s.total, s.tasks.map((t) => t.title)])).toEqual([
      ['To do', 3, ['Dig', 'Sow', 'Water']],
      ['In progress', 0, []],
      ['Done', 1, ['Buy seeds']],
    ]);
    expect(c.tasks).toMatchObject({ total: 4, capped: false, perStatus: 50 });
    expect(c.links.items.map((l) => [l.itemType, l.title, l.pinned])).toEqual([
      ['note', 'Garden plan', true],
      ['event', 'Market', false],
      ['note', 'Compost', false],
    ]);
    expect(c.links).toMatchObject({ total: 3, capped: false });
    expect(c.linked_counts).toEqual({ notes: 2, files: 0, events: 1 });
  });

  it('caps tasks per status and links, and says so with the totals', async () => {
    const projectId = await garden();
    for (const title of ['A', 'B', 'C']) value(await v.write('tasks.create', { title, projectId }));
    for (const title of ['n1', 'n2']) {
      v.clock.ms += 1000;
      const id = await v.note(title, '');
      value(await v.write('tasks.linkProjectItem', { projectId, itemType: 'note', itemId: id }));
    }
    const c = await contents(projectId, { tasksPerStatus: 2, links: 1 });
    expect(c.tasks.byStatus[0]).toMatchObject({ total: 3, tasks: [{ title: 'A' }, { title: 'B' }] });
    expect(c.tasks).toMatchObject({ total: 3, capped: true, perStatus: 2 });
    expect(c.links).toMatchObject({ total: 2, capped: true, items: [{ title: 'n2' }] });
  });

  it('an empty Inbox answers with its statuses and no home note; a missing project is NOT_FOUND', async () => {
    const c = await contents('inbox');
    expect(c.homeNote).toBeNull();
    expect(c.tasks.total).toBe(0);
    expect(c.links).toEqual({ total: 0, capped: false, items: [] });
    const missing = await v.read('tasks.listProjectContents', 'nope');
    expect(missing.ok || [missing.error.code, missing.error.field]).toEqual(['NOT_FOUND', 'projectId']);
    const bad = await v.read('tasks.listProjectContents', 'inbox', { tasksPerStatus: 0 });
    expect(bad.ok || bad.error.code).toBe('VALIDATION');
  });

  it('a deleted home note shows with a null title', async () => {
    const projectId = await garden();
    const home = await v.note('Gone', '');
    value(await v.write('tasks.setProjectHomeNote', projectId, home));
    await v.db.notes.delete(home);
    expect((await contents(projectId)).homeNote).toMatchObject({ id: home, title: null });
  });
});
