import { strFromU8, unzipSync } from 'fflate';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { exportZipBlob } from '../../../src/worker/stores/exporter';
import { type FullVault, openFullVault } from '../tools/fixtures/fullVault';
import { freshVault } from './freshVault';

let fv: FullVault | null = null;
afterEach(async () => {
  await fv?.close();
  fv = null;
});

const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

async function write<T = Record<string, unknown>>(v: FullVault, op: string, ...args: unknown[]): Promise<T> {
  const res = await v.vault.registry.write(op, args, UI);
  if (!res.ok) throw new Error(`${op}: ${res.error.message}`);
  return res.value as T;
}

describe('the backup zip holds every record in open formats', () => {
  it('journal as Journal/<date>.md, canvases as JSON Canvas, events as iCalendar, records as JSON lines', async () => {
    fv = await openFullVault();
    const note = await write<{ id: string }>(fv, 'notes.create', {
      title: 'Plan',
      folder: 'Work',
      content: 'the plan',
    });
    await write(fv, 'tasks.create', { title: 'Write it' });
    await write(fv, 'journal.createEntry', { date: '2026-11-28', content: 'Dear diary #mood' });
    const canvas = await write<{ id: string }>(fv, 'canvas.create', { title: 'Board', folder: 'Work' });
    await write(fv, 'canvas.saveScene', canvas.id, [
      { id: 'c1', type: 'card', x: 0, y: 0, width: 200, height: 80, entity_type: 'note', entity_id: note.id },
      { id: 't1', type: 'text', x: 300, y: 0, width: 200, height: 80, text: 'hello' },
      { id: 'a1', type: 'arrow', x: 0, y: 0, width: 300, height: 0, startBinding: 'c1', endBinding: 't1' },
    ]);
    const event = await write<{ id: string }>(fv, 'calendar.createEvent', {
      title: 'Standup',
      startAt: '2026-11-30T09:00:00Z',
      endAt: '2026-11-30T09:15:00Z',
    });
    const exported = await exportZipBlob(fv.vault.services.db);
    if (!exported.ok) throw new Error(exported.error.message);
    const files = unzipSync(new Uint8Array(await exported.value.arrayBuffer()));

    expect(strFromU8(files['Journal/2026-11-28.md']!)).toBe('Dear diary #mood');
    const board = JSON.parse(strFromU8(files['Work/Board.canvas']!));
    expect(board.nodes).toContainEqual(
      expect.objectContaining({ id: 'c1', type: 'file', file: 'Work/Plan.md' }),
    );
    expect(board.nodes).toContainEqual(expect.objectContaining({ id: 't1', type: 'text', text: 'hello' }));
    expect(board.edges).toEqual([
      expect.objectContaining({ id: 'a1', fromNode: 'c1', toNode: 't1', toEnd: 'arrow' }),
    ]);
    const cal = new ICAL.Component(ICAL.parse(strFromU8(files['Calendar/events.ics']!)));
    const vevent = cal.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(event.id);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Standup');
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-11-30T09:00:00Z');

    const tasks = JSON.parse(strFromU8(files['.cairn/records/task.json']!));
    const [stored] = await fv.vault.services.db.tasks.toArray();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      id: stored!.id,
      clock: stored!.clock,
      record: { id: stored!.id, title: 'Write it' },
    });
    expect(Object.keys(stored!.clock).length).toBeGreaterThan(0);
    const journal = JSON.parse(strFromU8(files['.cairn/records/journal.json']!));
    expect(journal[0]).toMatchObject({ id: 'j2026-11-28', file: 'Journal/2026-11-28.md' });
    expect(journal[0].record.markdown).toBeUndefined();
    const notes = JSON.parse(strFromU8(files['.cairn/records/note.json']!));
    expect(notes).toContainEqual(expect.objectContaining({ id: note.id, file: 'Work/Plan.md' }));
    const canvases = JSON.parse(strFromU8(files['.cairn/records/canvas.json']!));
    expect(canvases[0]).toMatchObject({ id: canvas.id, file: 'Work/Board.canvas' });
    expect(canvases[0].record.elements).toHaveLength(3);
    // one record a line: a reader can take the file line by line
    const lines = strFromU8(files['.cairn/records/task.json']!).trim().split('\n');
    expect(lines).toHaveLength(3);
  });

  it('what is in the Trash stays out of the backup: a note with its attachment, a task, a canvas', async () => {
    // a vault of its own: openFullVault would reopen the one the test above filled
    const v = (await freshVault()) as unknown as FullVault;
    const kept = await write<{ id: string }>(v, 'notes.create', { title: 'Kept', content: 'stays' });
    const gone = await write<{ id: string }>(v, 'notes.create', { title: 'Gone', content: 'deleted' });
    const pic = await v.vault.services.db.notes.add({
      ...(await v.vault.services.db.notes.get(kept.id))!,
      id: 'att1',
      title: 'pic.png',
      titleKey: 'pic.png',
      folderPath: `attachments/${gone.id}`,
      fileType: 'image',
    });
    await v.vault.services.db.blobs.put({ id: pic, blob: new Blob([new Uint8Array([1, 2, 3])]) } as never);
    await write(v, 'notes.delete', gone.id);
    const task = await write<{ task: { id: string } }>(v, 'tasks.create', { title: 'Trashed task' });
    await write(v, 'tasks.create', { title: 'Live task' });
    await write(v, 'tasks.delete', task.task.id);
    const canvas = await write<{ id: string }>(v, 'canvas.create', { title: 'Old board' });
    await write(v, 'canvas.create', { title: 'Board' });
    await write(v, 'canvas.delete', canvas.id);

    const exported = await exportZipBlob(v.vault.services.db);
    if (!exported.ok) throw new Error(exported.error.message);
    const files = unzipSync(new Uint8Array(await exported.value.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toContain('Kept.md');
    expect(names).toContain('Board.canvas');
    expect(names.filter((n) => /Gone|pic\.png|Old board/.test(n))).toEqual([]);
    const titles = (type: string) =>
      JSON.parse(strFromU8(files[`.cairn/records/${type}.json`]!)).map(
        (l: { record: { title?: string } }) => l.record.title,
      );
    expect(titles('task')).toEqual(['Live task']);
    expect(titles('canvas')).toEqual(['Board']);
    expect(titles('note')).toEqual(['Kept']);
  });

  it('a trashed journal entry and a trashed project, with its statuses and links, stay out of the backup', async () => {
    const v = (await freshVault()) as unknown as FullVault;
    await write(v, 'journal.createEntry', { date: '2026-11-20', content: 'gone day' });
    await write(v, 'journal.createEntry', { date: '2026-11-21', content: 'kept day' });
    await write(v, 'journal.deleteEntry', '2026-11-20');
    const project = async (name: string) =>
      (await write<{ projects: { id: string }[] }>(v, 'tasks.createProject', { name })).projects[0]!.id;
    const gone = await project('Gone project');
    const kept = await project('Kept project');
    const note = await write<{ id: string }>(v, 'notes.create', { title: 'Spec', content: 'x' });
    for (const projectId of [gone, kept])
      await write(v, 'tasks.linkProjectItem', { projectId, itemType: 'note', itemId: note.id });
    await write(v, 'tasks.deleteProject', gone);
    const db = v.vault.services.db;
    expect(await db.statuses.where('projectId').equals(gone).count()).toBeGreaterThan(0);

    const exported = await exportZipBlob(db);
    if (!exported.ok) throw new Error(exported.error.message);
    const files = unzipSync(new Uint8Array(await exported.value.arrayBuffer()));
    expect(Object.keys(files).filter((n) => n.startsWith('Journal/'))).toEqual(['Journal/2026-11-21.md']);
    const lines = (type: string) =>
      JSON.parse(strFromU8(files[`.cairn/records/${type}.json`]!)) as { record: { projectId?: string } }[];
    expect(lines('journal')).toHaveLength(1);
    const projectIds = (type: string) => new Set(lines(type).map((l) => l.record.projectId));
    expect(projectIds('project_status').has(gone)).toBe(false);
    expect(projectIds('project_status').has(kept)).toBe(true);
    expect(projectIds('project_link')).toEqual(new Set([kept]));
  });

  it('a cancelled export answers CANCELLED and makes no file', async () => {
    fv = await openFullVault();
    for (let i = 0; i < 3; i++) await write(fv, 'tasks.create', { title: `t${i}` });
    let asked = 0;
    const res = await exportZipBlob(fv.vault.services.db, '', { cancelled: () => ++asked > 2 });
    expect(res).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
  });
});
