import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Change, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { folderViewOperations } from '../../../src/worker/ops/folderView/folderViewOperations';
import { notePropertyOperations } from '../../../src/worker/ops/properties/notePropertyOperations';
import { createPropertyDefinitionStore } from '../../../src/worker/ops/properties/propertyDefinitionStore';
import { propertyOperations } from '../../../src/worker/ops/properties/propertyOperations';
import { createRegistry, type Registry } from '../../../src/worker/ops/registry';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';

let db: VaultDb;
let registry: Registry;
let notes: NotesStore;
let n = 0;
let announced: Change[][];
const ui = { caller: { kind: 'ui' } } as const;
const read = async (op: string, args: unknown[]) => {
  const r = await registry.read(op, args, ui);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const write = (op: string, args: unknown[]) =>
  registry.write(op, args, { ...ui, approve: async () => 'once' });

beforeEach(async () => {
  db = openVaultDb(`views-${++n}`);
  await db.open();
  let id = 0;
  const feed = new ChangeFeed('v', null);
  announced = [];
  feed.subscribe((b) => announced.push(b.changes));
  const services = { vaultId: 'v', db, feed, now: () => Date.now(), newId: () => `f${++id}`, deviceId: 'd' };
  const bodies = createNoteBodies(services, null);
  notes = createNotesStore({ ...services, bodies });
  const defs = createPropertyDefinitionStore(db, feed, () => Date.now());
  registry = createRegistry([
    ...propertyOperations(defs),
    ...notePropertyOperations(db, bodies, defs),
    ...folderViewOperations(db, notes, defs, feed),
  ]);
});
afterEach(() => db.delete());

describe('note properties and folder views', () => {
  it('sets a typed property faithfully, refuses a value its definition does not allow, and lists it in the folder view', async () => {
    const a = await notes.create({
      title: 'A',
      folderPath: 'Work',
      markdown: '---\n# keep me\nowner: Ann\n---\nBody',
    });
    await notes.create({ title: 'B', folderPath: 'Work', markdown: 'no frontmatter' });
    if (!a.ok) throw new Error(a.error.message);
    await write('notes.createPropertyDefinition', ['Status', 'status']);

    const refused = await write('properties.set', [a.value.id, 'status', 'Someday']);
    expect(!refused.ok && refused.error).toMatchObject({
      code: 'VALIDATION',
      field: 'args[2]',
      allowed: ['Not started', 'In progress', 'Done'],
    });
    expect((await write('properties.set', [a.value.id, 'status', 'Done'])).ok).toBe(true);
    expect((await db.bodies.get(a.value.id))?.markdown).toBe(
      '---\n# keep me\nowner: Ann\nstatus: Done\n---\nBody',
    );
    expect(await read('properties.get', [a.value.id])).toEqual({
      id: a.value.id,
      properties: { owner: 'Ann', status: 'Done' },
      types: { status: 'status' },
    });

    const listed = (await read('folderView.listWithProperties', ['Work'])) as {
      notes: { title: string; properties: Record<string, unknown> }[];
      total: number;
    };
    expect(listed.notes.map((x) => [x.title, x.properties])).toEqual([
      ['A', { owner: 'Ann', status: 'Done' }],
      ['B', {}],
    ]);
    expect(await read('folderView.getAvailableProperties', ['Work'])).toEqual([
      { name: 'owner', type: null, count: 1 },
      { name: 'status', type: 'status', count: 1 },
    ]);
    const missing = await registry.read('folderView.listWithProperties', ['Nope'], ui);
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND');
  });

  it('keeps a folder config and its views, replaced by id and deleted', async () => {
    await notes.createFolder('Work');
    expect(await read('folderView.folderExists', ['Work'])).toBe(true);
    expect(await read('folderView.folderExists', ['Play'])).toBe(false);
    expect(await read('folderView.getFolderSuggestions', ['wo'])).toEqual(['Work']);
    expect(
      (await write('folderView.setConfig', ['Work', { sort: { property: 'status', direction: 'asc' } }])).ok,
    ).toBe(true);
    await write('folderView.setView', [
      'Work',
      { id: 'v1', name: 'Board', type: 'board', groupBy: 'status' },
    ]);
    await write('folderView.setView', ['Work', { id: 'v2', name: 'Table', type: 'table' }]);
    await write('folderView.setView', [
      'Work',
      { id: 'v1', name: 'Kanban', type: 'board', groupBy: 'status' },
    ]);
    expect(await read('folderView.getViews', ['Work'])).toEqual([
      { id: 'v1', name: 'Kanban', type: 'board', groupBy: 'status' },
      { id: 'v2', name: 'Table', type: 'table' },
    ]);
    expect((await write('folderView.deleteView', ['Work', 'v2'])).ok).toBe(true);
    expect((await write('folderView.deleteView', ['Work', 'v2'])).ok).toBe(false);
    const bad = await write('folderView.setView', ['Work', { id: 'x', name: 'X', type: 'gallery' }]);
    expect(!bad.ok && bad.error.code).toBe('VALIDATION');
    expect(await read('folderView.getConfig', ['Work'])).toEqual({
      sort: { property: 'status', direction: 'asc' },
    });
  });

  it('keeps a table filter with its view; a view stored without one still loads', async () => {
    await notes.createFolder('Work');
    // A view written before views had filters, straight into the table.
    await db.folderViews.put({
      path: 'Work',
      config: {},
      views: [{ id: 'old', name: 'Old', type: 'table' }],
    });
    expect(await read('folderView.getViews', ['Work'])).toEqual([{ id: 'old', name: 'Old', type: 'table' }]);

    const view = { id: 'v1', name: 'Active', type: 'table', filter: { property: 'status', text: 'act' } };
    expect((await write('folderView.setView', ['Work', view])).ok).toBe(true);
    expect(await read('folderView.getViews', ['Work'])).toEqual([
      { id: 'old', name: 'Old', type: 'table' },
      view,
    ]);
  });

  it.each([
    ['an unknown filter field', { property: 'status', text: 'a', op: 'eq' }, 'args[1].filter'],
    ['a filter without text', { property: 'status' }, 'args[1].filter'],
    ['an empty property', { property: '', text: 'a' }, 'args[1].filter.property'],
    ['an overlong text', { property: 'status', text: 'x'.repeat(1001) }, 'args[1].filter.text'],
  ])('refuses %s and changes nothing', async (_, filter, field) => {
    await notes.createFolder('Work');
    const saved = { id: 'v1', name: 'Kept', type: 'table', filter: { property: 'title', text: 'k' } };
    await write('folderView.setView', ['Work', saved]);
    announced = [];
    const bad = await write('folderView.setView', ['Work', { id: 'v1', name: 'Bad', type: 'table', filter }]);
    expect(!bad.ok && bad.error).toMatchObject({ code: 'VALIDATION', field: expect.stringContaining(field) });
    expect(await read('folderView.getViews', ['Work'])).toEqual([saved]);
    expect(announced).toEqual([]);
  });

  it('announces each view and config write on the change feed, after it commits', async () => {
    await notes.createFolder('Work');
    announced = [];
    const put = [{ table: 'folderViews', op: 'put', ids: ['Work'] }];
    await write('folderView.setView', ['Work', { id: 'v1', name: 'T', type: 'table' }]);
    expect(announced).toEqual([put]);
    await write('folderView.setConfig', ['Work', { defaultView: 'v1' }]);
    expect(announced).toEqual([put, put]);
    await write('folderView.deleteView', ['Work', 'v1']);
    expect(announced).toEqual([put, put, put]);
    // A refusal (no such view, no such folder) announces nothing.
    await write('folderView.deleteView', ['Work', 'v1']);
    await write('folderView.setView', ['Nope', { id: 'v1', name: 'T', type: 'table' }]);
    expect(announced).toEqual([put, put, put]);
    // The root folder is announced under its path, ''.
    await write('folderView.setConfig', ['', { defaultView: 'x' }]);
    expect(announced.at(-1)).toEqual([{ table: 'folderViews', op: 'put', ids: [''] }]);
  });
});
