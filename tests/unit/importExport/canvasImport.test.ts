import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../src/worker/stores/importer';
import { freshVault, type TestVault } from './freshVault';

const asZip = (files: Record<string, string>) =>
  new Blob([zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])))], {
    type: 'application/zip',
  });

const importZip = (v: TestVault, zip: Blob, name = 'vault.zip') =>
  importFiles(v.vault.notes, [{ path: name, file: zip }], '', () => {}, v.vault.services.db, {
    services: v.vault.services,
  });

// An Obsidian canvas as Obsidian writes it: a note, a text, a link, a group, coloured, two edges.
const BOARD = JSON.stringify({
  nodes: [
    {
      id: 'a1b2c3d4e5f60718',
      type: 'file',
      file: 'Projects/Note.md',
      x: -200,
      y: -100,
      width: 400,
      height: 300,
    },
    { id: 'b1', type: 'text', text: '# Idea\nmore', x: 300, y: -100, width: 250, height: 60, color: '4' },
    { id: 'l1', type: 'link', url: 'https://obsidian.md', x: 300, y: 100, width: 250, height: 60 },
    { id: 'g1', type: 'group', label: 'Area', x: -300, y: -200, width: 1000, height: 500 },
    { id: 'f1', type: 'file', file: 'Missing.md', x: 0, y: 300, width: 200, height: 60 },
  ],
  edges: [
    { id: 'e1', fromNode: 'a1b2c3d4e5f60718', fromSide: 'right', toNode: 'b1', toSide: 'left' },
    { id: 'e2', fromNode: 'b1', toNode: 'l1', toEnd: 'none', label: 'see' },
  ],
});

describe('.canvas files (JSON Canvas 1.0) import as canvases', () => {
  it('an Obsidian vault zip: file nodes become cards of the imported notes, edges bound arrows', async () => {
    const v = await freshVault();
    const res = await importZip(
      v,
      asZip({
        'My vault/Projects/Note.md': 'hello',
        'My vault/Boards/Board.canvas': BOARD,
        'My vault/.obsidian/app.json': '{}',
      }),
    );
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value).toMatchObject({ notes: 1, canvases: 1 });
    const { db } = v.vault.services;
    const note = (await db.notes.where('titleKey').equals('note').first())!;
    const [board] = await db.canvases.toArray();
    expect(board).toMatchObject({ title: 'Board', folder: 'Boards' });
    const byId = new Map(board!.elements.map((e) => [e.id, e]));
    expect(byId.get('a1b2c3d4e5f60718')).toMatchObject({
      type: 'card',
      entity_type: 'note',
      entity_id: note.id,
    });
    expect(byId.get('b1')).toMatchObject({ type: 'text', text: '# Idea\nmore', strokeColor: '#44cf6e' });
    expect(byId.get('l1')).toMatchObject({ type: 'text', text: 'https://obsidian.md' });
    expect(byId.get('g1')).toMatchObject({ type: 'frame', text: 'Area' });
    expect(byId.get('f1')).toMatchObject({ type: 'text', text: 'Missing.md' });
    expect(byId.get('e1')).toMatchObject({
      type: 'arrow',
      startBinding: 'a1b2c3d4e5f60718',
      endBinding: 'b1',
    });
    expect(byId.get('e2')).toMatchObject({ type: 'line', startBinding: 'b1', endBinding: 'l1', text: 'see' });
    expect(board!.cardKeys).toEqual([`note:${note.id}`]);

    // the same zip again: the canvas is identical and skipped
    const again = await importZip(v, asZip({ 'Projects/Note.md': 'hello', 'Boards/Board.canvas': BOARD }));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.canvases).toBe(0);
    expect(again.value.skipped).toContainEqual({
      path: 'Boards/Board.canvas',
      reason: 'identical to the one already in the vault',
    });
    expect(await db.canvases.count()).toBe(1);
  });

  it('a .canvas that is not JSON Canvas is skipped with its reason', async () => {
    const v = await freshVault();
    const res = await importZip(v, asZip({ 'Note.md': 'x', 'Bad.canvas': 'not json' }));
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.skipped).toEqual([{ path: 'Bad.canvas', reason: 'not a JSON Canvas file' }]);
  });
});

describe('a zip Cairn cannot import is refused, and nothing changes', () => {
  it('a foreign zip with no notes, files, canvases or records: IMPORT_BAD_ZIP', async () => {
    const v = await freshVault();
    const res = await importZip(v, asZip({ 'readme.txt': 'hi', 'data/x.csv': '1,2' }), 'foreign.zip');
    expect(res).toMatchObject({ ok: false, error: { code: 'IMPORT_BAD_ZIP' } });
    if (!res.ok) expect(res.error.message).toMatch(/holds nothing Cairn can import/);
    expect(await v.vault.services.db.notes.count()).toBe(0);
  });

  it('a backup whose records file is damaged: IMPORT_BAD_ZIP before anything is written', async () => {
    const v = await freshVault();
    const res = await importZip(
      v,
      asZip({
        '.cairn/backup.json': '{"format":"cairn-backup","version":2}',
        'Note.md': 'x',
        '.cairn/records/task.json': '[\n{"id":"t1","clock":{},"record":{}},\n{"id":\n]\n',
      }),
      'backup.zip',
    );
    expect(res).toMatchObject({ ok: false, error: { code: 'IMPORT_BAD_ZIP' } });
    if (!res.ok) expect(res.error.message).toMatch(/task\.json: line 3 is not JSON/);
    expect(await v.vault.services.db.notes.count()).toBe(0);
  });

  it('a backup from a newer Cairn: IMPORT_BAD_ZIP', async () => {
    const v = await freshVault();
    const res = await importZip(
      v,
      asZip({ '.cairn/backup.json': '{"version":99}', 'Note.md': 'x' }),
      'new.zip',
    );
    expect(res).toMatchObject({ ok: false, error: { code: 'IMPORT_BAD_ZIP' } });
    expect(await v.vault.services.db.notes.count()).toBe(0);
  });
});
