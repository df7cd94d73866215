import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportZipBlob } from '../../../src/worker/stores/exporter';
import { type ImportSummary, importFiles } from '../../../src/worker/stores/importer';
import { type TestVault as FullVault, freshVault as fresh } from './freshVault';

const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

async function write<T = { id: string }>(v: FullVault, op: string, ...args: unknown[]): Promise<T> {
  const res = await v.vault.registry.write(op, args, UI);
  if (!res.ok) throw new Error(`${op}: ${res.error.message}`);
  return res.value as T;
}

async function read(v: FullVault, op: string, ...args: unknown[]): Promise<unknown> {
  const res = await v.vault.registry.read(op, args, UI);
  if (!res.ok) throw new Error(`${op}: ${res.error.message}`);
  return res.value;
}

/** A vault with every kind of record, made through the operations the UI and agents use. */
async function buildVault(v: FullVault) {
  const plan = await write(v, 'notes.create', { title: 'Plan', folder: 'Work', content: 'the plan #work' });
  const home = await write(v, 'notes.create', { title: 'Home', content: 'See [[Plan]]' });
  const { db } = v.vault.services;
  await write(v, 'tasks.createProject', { name: 'Launch', color: '#3366cc' });
  const project = (await db.projects.toArray()).find((p) => p.name === 'Launch')!;
  await write(v, 'tasks.createStatus', { projectId: project.id, name: 'Review' });
  const status = (await db.statuses.toArray()).find((s) => s.name === 'Review')!;
  await write(v, 'tasks.create', {
    title: 'Ship it',
    projectId: project.id,
    dueDate: '2026-12-01',
    tags: ['work'],
    sourceNoteId: plan.id,
    repeatConfig: { frequency: 'weekly', interval: 1 },
  });
  const parent = (await db.tasks.toArray()).find((t) => t.title === 'Ship it')!;
  await write(v, 'tasks.create', {
    title: 'Sub step',
    projectId: project.id,
    parentId: parent.id,
    statusId: status.id,
  });
  await write(v, 'journal.createEntry', { date: '2026-11-28', content: 'Dear diary #mood' });
  await write(v, 'inbox.captureText', { text: 'an idea', title: 'Idea', tags: ['later'] });
  await write(v, 'tags.updateTagColor', 'work', 'teal');
  await write(v, 'tags.createCategory', 'Areas');
  const category = (await db.tagCategories.toArray())[0]!;
  await write(v, 'tags.setTagCategory', 'work', category.id);
  await write(v, 'notes.createPropertyDefinition', 'stage', 'select');
  await write(v, 'folderView.setConfig', 'Work', { defaultView: 'table' });
  const canvas = await write<{ id: string }>(v, 'canvas.create', { title: 'Board', folder: 'Work' });
  await write(v, 'canvas.saveScene', canvas.id, [
    { id: 'c1', type: 'card', x: 0, y: 0, width: 200, height: 80, entity_type: 'note', entity_id: plan.id },
    {
      id: 'c2',
      type: 'card',
      x: 300,
      y: 0,
      width: 200,
      height: 80,
      entity_type: 'task',
      entity_id: parent.id,
    },
    { id: 'a1', type: 'arrow', x: 100, y: 40, width: 300, height: 0, startBinding: 'c1', endBinding: 'c2' },
  ]);
  await write(v, 'calendar.createEvent', {
    title: 'Standup',
    startAt: '2026-11-30T09:00:00Z',
    endAt: '2026-11-30T09:15:00Z',
    noteId: home.id,
  });
  const event = (await db.calendarEvents.toArray())[0]!;
  await write(v, 'reminders.create', {
    title: 'Call',
    remindAt: '2026-12-02T10:00:00Z',
    targetType: 'task',
    targetId: parent.id,
  });
  await write(v, 'bookmarks.create', { itemType: 'note', itemId: plan.id });
  await write(v, 'templates.create', { name: 'Meeting', content: '# {{title}}' });
  await write(v, 'savedFilters.create', { name: 'Due soon', target: 'tasks', filter: {} });
  await write(v, 'homePages.create', { name: 'Start', targetType: 'note', targetId: home.id });
  await write(v, 'settings.set', 'inbox.staleDays', 21);
  await write(v, 'tasks.linkProjectItem', { projectId: project.id, itemType: 'event', itemId: event.id });
  return { plan, home, project, canvas };
}

/** Everything the operations answer about the vault, by id. */
async function snapshot(v: FullVault) {
  const { db } = v.vault.services;
  const byId = async (op: string, ids: string[]) =>
    Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await read(v, op, id)] as const)));
  const projects = await db.projects.toCollection().primaryKeys();
  return {
    notes: await byId('notes.get', (await db.notes.toCollection().primaryKeys()) as string[]),
    tasks: await byId('tasks.get', (await db.tasks.toCollection().primaryKeys()) as string[]),
    projects: await byId('tasks.getProject', projects as string[]),
    statuses: await byId('tasks.listStatuses', projects as string[]),
    projectLinks: await byId('tasks.listProjectLinks', projects as string[]),
    journal: await read(v, 'journal.getEntry', '2026-11-28'),
    inbox: await byId('inbox.get', (await db.inbox.toCollection().primaryKeys()) as string[]),
    tags: await read(v, 'tags.getAllWithCounts'),
    categories: await read(v, 'tags.listCategories'),
    properties: await read(v, 'notes.getPropertyDefinitions'),
    folderView: await read(v, 'folderView.getConfig', 'Work'),
    setting: await read(v, 'settings.get', 'inbox.staleDays'),
    canvases: await byId('canvas.get', (await db.canvases.toCollection().primaryKeys()) as string[]),
    events: await byId(
      'calendar.getEvent',
      (await db.calendarEvents.toCollection().primaryKeys()) as string[],
    ),
    reminders: await byId('reminders.get', (await db.reminders.toCollection().primaryKeys()) as string[]),
    bookmarks: await read(v, 'bookmarks.list'),
    templates: await read(v, 'templates.list'),
    savedFilters: await read(v, 'savedFilters.list'),
    homePages: await read(v, 'homePages.list'),
  };
}

async function exported(v: FullVault): Promise<Blob> {
  const res = await exportZipBlob(v.vault.services.db);
  if (!res.ok) throw new Error(res.error.message);
  return res.value;
}

async function restore(v: FullVault, zip: Blob, cancelled?: () => boolean): Promise<ImportSummary> {
  const res = await importFiles(
    v.vault.notes,
    [{ path: 'backup.zip', file: zip }],
    '',
    () => {},
    v.vault.services.db,
    {
      services: v.vault.services,
      ...(cancelled ? { cancelled } : {}),
    },
  );
  if (!res.ok) throw new Error(res.error.message);
  return res.value;
}

describe('a backup restores into an empty vault exactly', () => {
  it('every record equal as the operations read it, ids and clocks kept, links and cards on the right notes', async () => {
    const a = await fresh();
    const made = await buildVault(a);
    const before = await snapshot(a);
    const zip = await exported(a);

    const b = await fresh();
    const summary = await restore(b, zip);
    expect(summary.records?.notRestored).toEqual([]);
    expect(summary.records?.sideBySide).toEqual([]);
    const after = await snapshot(b);
    expect(after).toEqual(before);
    // clocks travel with the records
    const [taskA] = await a.vault.services.db.tasks.toArray();
    expect((await b.vault.services.db.tasks.get(taskA!.id))!.clock).toEqual(taskA!.clock);
    // the link [[Plan]] resolves to the restored Plan, the canvas card shows it
    const links = await b.vault.services.db.links.where('from_id').equals(made.home.id).toArray();
    expect(links.map((l) => l.to_id)).toContain(made.plan.id);
    const board = (await b.vault.services.db.canvases.get(made.canvas.id))!;
    expect(board.cardKeys).toEqual([`note:${made.plan.id}`, expect.stringMatching(/^task:/)]);
    // restored writes go out through the outbox, like any local write
    expect(
      await b.vault.services.db.syncQueue.where('[kind+state]').equals(['record', 'queued']).count(),
    ).toBeGreaterThan(20);

    // importing the same backup again adds nothing
    const again = await restore(b, zip);
    expect(again.notes).toBe(0);
    expect(again.records).toMatchObject({ restored: 0, sideBySide: [], notRestored: [] });
    expect(await snapshot(b)).toEqual(before);
  });

  it('into a vault that changed since: an equal record is skipped, a changed one kept beside it under a new id', async () => {
    const a = await fresh();
    const made = await buildVault(a);
    const zip = await exported(a);
    const b = await fresh();
    await restore(b, zip);
    const tasks = await b.vault.services.db.tasks.count();
    await write(b, 'tasks.updateProject', made.project.id, { name: 'Launch v2' });
    await write(b, 'journal.updateEntry', '2026-11-28', { content: 'Changed diary' });

    const summary = await restore(b, zip);
    const projects = await b.vault.services.db.projects.toArray();
    expect(projects.map((p) => p.name).sort()).toEqual(['Inbox', 'Launch', 'Launch v2']);
    const copy = projects.find((p) => p.name === 'Launch')!;
    expect(summary.records!.sideBySide).toEqual([{ type: 'project', id: made.project.id, as: copy.id }]);
    // the journal entry of that date is the vault's own; the backup's is named, not restored
    expect(summary.records!.notRestored).toEqual([
      expect.objectContaining({ type: 'journal', id: 'j2026-11-28' }),
    ]);
    expect(await b.vault.services.db.tasks.count()).toBe(tasks);
  });

  it('Cancel stops between steps; what was imported stays, and importing again finishes it', async () => {
    const a = await fresh();
    await buildVault(a);
    const before = await snapshot(a);
    const zip = await exported(a);
    const b = await fresh();
    let asked = 0;
    const first = await restore(b, zip, () => ++asked > 3);
    expect(first.cancelled).toBe(true);
    expect(await b.vault.services.db.tasks.count()).toBeLessThan(2);
    await restore(b, zip);
    expect(await snapshot(b)).toEqual(before);
  });
});

describe('a big backup restores in bulk', () => {
  it('1,200 tasks restore whole, 500 to a transaction (the bulk write once lost its transaction)', async () => {
    const a = await fresh();
    await write(a, 'tasks.create', { title: 'Task 0' });
    const files = unzipSync(new Uint8Array(await (await exported(a)).arrayBuffer()));
    const line = JSON.parse(
      strFromU8(files['.cairn/records/task.json']!)
        .split('\n')
        .find((l) => l.startsWith('{'))!
        .replace(/,$/, ''),
    ) as { id: string; record: Record<string, unknown> };
    const lines = Array.from({ length: 1200 }, (_, i) =>
      JSON.stringify({
        ...line,
        id: `bulk${i}`,
        record: { ...line.record, id: `bulk${i}`, title: `Task ${i}` },
      }),
    );
    files['.cairn/records/task.json'] = strToU8(`[\n${lines.join(',\n')}\n]\n`);
    const zip = new Blob([zipSync(files) as Uint8Array<ArrayBuffer>], { type: 'application/zip' });

    const b = await fresh();
    const summary = await restore(b, zip);
    expect(summary.records).toMatchObject({ notRestored: [], sideBySide: [] });
    const { db } = b.vault.services;
    expect(await db.tasks.count()).toBe(1200);
    expect((await db.tasks.get('bulk1199'))?.title).toBe('Task 1199');
  });
});
