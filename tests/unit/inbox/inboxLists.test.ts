import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestVault, value } from '../planning/harness';

// The worker side of the inbox UI's Snoozed and Archived lists, its Restore and Delete buttons,
// and the "File" of a suggestion or of the selection bar (docs/planning.md, "Inbox UI").
let v: Awaited<ReturnType<typeof openTestVault>>;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

type Page = {
  items: { id: string; title: string; snoozedUntil: string | null }[];
  hasMore: boolean;
  total: number;
};
const MINUTE = 60_000;
/** Captures one item a minute apart, so "newest first" has one answer. */
const capture = async (text: string) => {
  v.clock.ms += MINUTE;
  return value<{ id: string }>(await v.write('inbox.captureText', { text })).id;
};
const titles = (p: Page) => p.items.map((i) => i.title);
const snapshot = async () => JSON.stringify(await v.db.inbox.toArray());
const refused = (res: { ok: boolean; error?: { code: string; field?: string } }) => {
  expect(res.ok).toBe(false);
  return res.error!;
};

describe('the Snoozed and Archived lists', () => {
  it('getSnoozed pages the snoozed items newest first, each with its time', async () => {
    const ids = [await capture('One'), await capture('Two'), await capture('Three')];
    await capture('Still open');
    for (const id of ids) value(await v.write('inbox.snooze', id, { until: '2026-12-01T08:00:00Z' }));
    const first = value<Page>(await v.read('inbox.getSnoozed', { limit: 2 }));
    expect(titles(first)).toEqual(['Three', 'Two']);
    expect(first).toMatchObject({ hasMore: true, total: 3 });
    expect(first.items[0]!.snoozedUntil).toBe('2026-12-01T08:00:00.000Z');
    const rest = value<Page>(await v.read('inbox.getSnoozed', { limit: 2, offset: 2 }));
    expect(titles(rest)).toEqual(['One']);
    expect(rest.hasMore).toBe(false);
    expect(refused(await v.read('inbox.getSnoozed', { limit: 0 })).code).toBe('VALIDATION');
    expect(refused(await v.read('inbox.getSnoozed', { page: 2 })).code).toBe('VALIDATION');
  });

  it('listArchived holds archived items only, newest first', async () => {
    const [a, b] = [await capture('Receipt'), await capture('Flyer')];
    await capture('Keep');
    value(await v.write('inbox.archive', a));
    value(await v.write('inbox.archive', b));
    const page = value<Page>(await v.read('inbox.listArchived'));
    expect(titles(page)).toEqual(['Flyer', 'Receipt']);
    expect(page.total).toBe(2);
    expect(refused(await v.read('inbox.listArchived', { offset: -1 })).code).toBe('VALIDATION');
  });
});

describe('Restore and Delete', () => {
  it('unarchive puts an archived item back in the inbox; an open or unknown item is refused', async () => {
    const id = await capture('Receipt');
    const open = await snapshot();
    expect(refused(await v.write('inbox.unarchive', id))).toMatchObject({ code: 'VALIDATION', field: 'id' });
    expect(refused(await v.write('inbox.unarchive', 'nope')).code).toBe('NOT_FOUND');
    expect(await snapshot()).toBe(open);
    value(await v.write('inbox.archive', id));
    value(await v.write('inbox.unarchive', id));
    expect(await v.db.inbox.get(id)).toMatchObject({ bucket: 'open', archivedAt: null });
    expect(titles(value<Page>(await v.read('inbox.list')))).toEqual(['Receipt']);
    expect(value<Page>(await v.read('inbox.listArchived')).total).toBe(0);
  });

  it('deletePermanent removes the item and leaves a tombstone; what it was filed into stays', async () => {
    const [gone, filed] = [await capture('Spam offer'), await capture('Renew passport')];
    expect(refused(await v.write('inbox.deletePermanent', 'nope')).code).toBe('NOT_FOUND');
    value(await v.write('inbox.deletePermanent', gone));
    expect(await v.db.inbox.get(gone)).toBeUndefined();
    expect(await v.db.tombstones.get(gone)).toMatchObject({ kind: 'inbox' });

    const made = value<{ items: { filedTo: string }[] }>(await v.write('inbox.convertToTask', filed));
    value(await v.write('inbox.deletePermanent', filed));
    const taskId = made.items[0]!.filedTo.replace('task:', '');
    expect(await v.db.tasks.get(taskId)).toMatchObject({ title: 'Renew passport' });
    expect(value<{ items: unknown[] }>(await v.read('inbox.getFilingHistory')).items).toEqual([]);
  });
});

describe('File (a suggestion, the selection bar)', () => {
  it('file to a project makes a task there, to a folder a note, to the root a root note; the Filed list names each place', async () => {
    const made = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Garden' }),
    );
    const project = made.projects[0]!.id;
    const [toProject, toFolder, toRoot] = [
      await capture('Buy seeds'),
      await capture('Shed plan'),
      await capture('Idea'),
    ];
    const into = async (id: string, target: object) =>
      value<{ items: { filedTo: string }[] }>(await v.write('inbox.file', id, target)).items[0]!.filedTo;

    const task = (await into(toProject, { projectId: project })).replace('task:', '');
    expect(await v.db.tasks.get(task)).toMatchObject({ title: 'Buy seeds', projectId: project });
    const note = (await into(toFolder, { folder: 'Garden' })).replace('note:', '');
    expect(await v.db.notes.get(note)).toMatchObject({ folderPath: 'Garden' });
    const rootNote = (await into(toRoot, { folder: '' })).replace('note:', '');
    expect(await v.db.notes.get(rootNote)).toMatchObject({ folderPath: '' });
    expect(titles(value<Page>(await v.read('inbox.list')))).toEqual([]);
    // The Filed list names each place: the project by its name (not its id), the folder by path.
    type Filed = { items: { title: string; intoName: string | null }[] };
    const history = async () =>
      Object.fromEntries(
        value<Filed>(await v.read('inbox.getFilingHistory')).items.map((i) => [i.title, i.intoName]),
      );
    expect(await history()).toEqual({ 'Buy seeds': 'Garden', 'Shed plan': 'Garden', Idea: '' });
    value(await v.write('tasks.deleteProject', project));
    expect((await history())['Buy seeds']).toBeNull();
  });

  it('undo of a filing into a project removes the task it made', async () => {
    const made = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Garden' }),
    );
    const project = made.projects[0]!.id;
    const toProject = await capture('Buy seeds');
    const task = value<{ items: { filedTo: string }[] }>(
      await v.write('inbox.file', toProject, { projectId: project }),
    ).items[0]!.filedTo.replace('task:', '');

    value(await v.write('inbox.undoFile', toProject));
    expect(await v.db.tasks.get(task)).toBeUndefined();
    expect(titles(value<Page>(await v.read('inbox.list')))).toEqual(['Buy seeds']);
  });

  it('refuses an unknown project, an unknown target shape and a filed item; nothing changes', async () => {
    const [a, b] = [await capture('Alpha'), await capture('Beta')];
    value(await v.write('inbox.convertToTask', b));
    const before = await snapshot();
    const tasks = await v.db.tasks.count();
    expect(refused(await v.write('inbox.file', a, { projectId: 'nope' })).code).toBe('VALIDATION');
    expect(refused(await v.write('inbox.file', a, { shelf: 'x' })).code).toBe('VALIDATION');
    expect(refused(await v.write('inbox.file', b, { projectId: 'inbox' })).field).toBe('id');
    // the selection bar's File is all or nothing into a project: one filed item files none
    expect(refused(await v.write('inbox.bulkFile', [a, b], { projectId: 'inbox' })).field).toBe('ids[1]');
    expect(await snapshot()).toBe(before);
    expect(await v.db.tasks.count()).toBe(tasks);
  });
});
