import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Change, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openMetaDb, resolveVault } from '../../../src/worker/db/meta';
import { peekVault } from '../../../src/worker/db/peekVault';
import { openExisting } from '../../../src/worker/db/rawIdb';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';

let db: VaultDb;
let store: NotesStore;
let seen: Change[][];
let n = 0;

beforeEach(async () => {
  db = openVaultDb(`test-${++n}`);
  await db.open();
  const feed = new ChangeFeed('v', null);
  seen = [];
  feed.subscribe((b) => seen.push(b.changes));
  let t = 1000;
  let id = 0;
  const services = { vaultId: 'v', db, feed, now: () => ++t, newId: () => `id${++id}`, deviceId: 'd1' };
  store = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
});
afterEach(() => db.delete());

const snapshot = async () => ({
  notes: await db.notes.toArray(),
  bodies: await db.bodies.toArray(),
  folders: await db.folders.toArray(),
});

describe('notes store', () => {
  it('creates notes with folders, derives snippet, word count and tags, and announces only after commit', async () => {
    const res = await store.create({
      title: 'Plan',
      folderPath: '/Work/Cairn/',
      markdown: '---\ntags: [a]\n---\nHello #b world',
    });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value).toMatchObject({
      title: 'Plan',
      folderPath: 'Work/Cairn',
      wordCount: 3,
      tags: ['a', 'b'],
    });
    expect((await db.folders.toArray()).map((f) => f.path).sort()).toEqual(['Work', 'Work/Cairn']);
    expect(seen).toEqual([
      [
        { table: 'notes', op: 'put', ids: ['id1'] },
        { table: 'folders', op: 'put', ids: ['Work/Cairn', 'Work'] },
      ],
    ]);
  });

  it('numbers untitled notes and refuses a duplicate title in the same folder, case-insensitively', async () => {
    const a = await store.create({});
    const b = await store.create({});
    expect(a.ok && a.value.title).toBe('Untitled');
    expect(b.ok && b.value.title).toBe('Untitled 1');
    await store.create({ title: 'Plan' });
    const before = await snapshot();
    const dup = await store.create({ title: 'PLAN' });
    expect(dup).toMatchObject({ ok: false, error: { code: 'CONFLICT', field: 'title' } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad paths and titles with a VALIDATION error naming the field, changing nothing', async () => {
    await store.create({ title: 'Keep' });
    const before = await snapshot();
    seen.length = 0;
    for (const [input, field] of [
      [{ title: '', folderPath: '' }, 'title'],
      [{ title: 'x', folderPath: 'a/../b' }, 'folder_path'],
      [{ title: 'x', folderPath: 'a\u0001' }, 'folder_path'],
      [{ title: 'a/b' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
    ] as const) {
      const res = await store.create(input);
      expect(res, JSON.stringify(input)).toMatchObject({ ok: false, error: { code: 'VALIDATION', field } });
    }
    expect(await store.createFolder('..')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'path' },
    });
    expect(await snapshot()).toEqual(before);
    expect(seen).toEqual([]);
  });

  it('refuses a note body over the size limit and keeps the old text', async () => {
    const res = await store.create({ title: 'Big' });
    if (!res.ok) throw new Error('create failed');
    const huge = 'x'.repeat(7 * 1024 * 1024);
    expect(await store.updateBody(res.value.id, huge)).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE' },
    });
    expect((await store.get(res.value.id))?.markdown).toBe('');
  });

  it('renames a folder moving everything inside, and deletes a folder with its contents (to the Trash, then for good)', async () => {
    await store.create({ title: 'A', folderPath: 'P/Q' });
    await store.create({ title: 'B', folderPath: 'P' });
    await store.create({ title: 'C', folderPath: 'Other' });
    expect((await store.renameFolder('P', 'R/P2')).ok).toBe(true);
    const paths = (await db.notes.toArray()).map((x) => `${x.folderPath}/${x.title}`).sort();
    expect(paths).toEqual(['Other/C', 'R/P2/B', 'R/P2/Q/A']);
    expect((await db.folders.toArray()).map((f) => f.path).sort()).toEqual(['Other', 'R', 'R/P2', 'R/P2/Q']);
    expect(await store.renameFolder('R/P2', 'R/P2/inner')).toMatchObject({
      ok: false,
      error: { field: 'new_path' },
    });
    expect((await store.deleteFolder('R')).ok).toBe(true);
    expect(await store.list({ offset: 0, limit: 50, sort: 'modified' })).toMatchObject({
      items: [{ title: 'C' }],
      total: 1,
    });
    expect(await store.trash.list()).toMatchObject([{ kind: 'folder', id: 'R', count: 2 }]);
    expect(await store.trash.purge(await store.trash.trashedIds({ folder: 'R' }))).toHaveLength(2);
    expect((await db.notes.toArray()).map((x) => x.title)).toEqual(['C']);
    expect(await db.bodies.count()).toBe(1);
  });

  it('lists a folder page by page in the asked order', async () => {
    for (const t of ['b', 'a', 'c']) await store.create({ title: t, folderPath: 'F' });
    await store.create({ title: 'elsewhere' });
    const byTitle = await store.list({ folder: 'F', sort: 'title', offset: 0, limit: 2 });
    expect(byTitle.total).toBe(3);
    expect(byTitle.items.map((x) => x.title)).toEqual(['a', 'b']);
    const recent = await store.list({ folder: 'F', sort: 'modified', offset: 0, limit: 10 });
    expect(recent.items.map((x) => x.title)).toEqual(['c', 'a', 'b']);
    expect((await store.list({ sort: 'title', offset: 0, limit: 10 })).total).toBe(4);
    // Later pages skip what earlier ones showed, in every order.
    const second = await store.list({ folder: 'F', sort: 'title', offset: 1, limit: 2 });
    expect(second.items.map((x) => x.title)).toEqual(['b', 'c']);
    const all = await store.list({ sort: 'modified', offset: 1, limit: 2 });
    expect(all.items.map((x) => x.title)).toEqual(['c', 'a']);
    expect((await store.list({ sort: 'title', offset: 4, limit: 2 })).items).toEqual([]);
    expect((await store.listFolders()).map((f) => f.path)).toEqual(['F']);
  });

  it('announces nothing for a write that changes nothing', async () => {
    const res = await store.create({ title: 'Same' });
    if (!res.ok) throw new Error('create failed');
    seen.length = 0;
    await store.rename(res.value.id, 'Same');
    await store.updateBody(res.value.id, '');
    expect(seen).toEqual([]);
  });
});

describe('vault directory', () => {
  it('opens the default vault on first run and the last opened one afterwards', async () => {
    const meta = openMetaDb();
    await meta.open();
    const first = await resolveVault(meta, null, 1);
    expect(first).toMatchObject({ id: 'default', name: 'My vault' });
    await meta.vaults.add({ id: 'work', name: 'Work', created: 2, lastOpened: 2 });
    expect((await resolveVault(meta, 'work', 3)).id).toBe('work');
    expect((await resolveVault(meta, null, 4)).id).toBe('work');
    expect((await resolveVault(meta, 'missing', 5)).id).toBe('work');
    await meta.delete();
  });

  it("peeks at the vault resolveVault would choose without writing (for the worker's first list reads)", async () => {
    // A first run: no directory yet, and peeking creates none.
    expect(await peekVault(indexedDB, null, 1)).toMatchObject({ id: 'default', name: 'My vault' });
    expect(await openExisting(indexedDB, 'cairn-meta')).toBeNull();
    const meta = openMetaDb();
    await meta.open();
    expect(await peekVault(indexedDB, null, 1)).toMatchObject({ id: 'default' });
    await meta.vaults.bulkAdd([
      { id: 'work', name: 'Work', created: 2, lastOpened: 2 },
      { id: 'home', name: 'Home', created: 3, lastOpened: 3 },
    ]);
    expect((await peekVault(indexedDB, 'work', 9)).id).toBe('work');
    expect((await peekVault(indexedDB, null, 9)).id).toBe('home');
    expect((await peekVault(indexedDB, 'missing', 9)).id).toBe('home');
    expect((await meta.vaults.get('work'))?.lastOpened).toBe(2);
    await meta.delete();
  });

  it('a late list or folder read on a vault closed by a switch or delete refuses and never opens it again', async () => {
    expect((await store.create({ title: 'Kept', markdown: 'x' })).ok).toBe(true);
    db.close();
    await expect(store.list({ offset: 0, limit: 10, sort: 'title' })).rejects.toThrow(/closed/i);
    await expect(store.listFolders()).rejects.toThrow(/closed/i);
    expect(db.isOpen()).toBe(false);
  });
});
