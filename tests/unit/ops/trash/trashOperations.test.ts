import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRASH_KEEP_MS } from '../../../../src/worker/domain/trash/noteTrash';
import { loadAllSearchDocs } from '../../../../src/worker/indexing/searchDocs';
import { trashOperations } from '../../../../src/worker/ops/trash/trashOperations';
import { itemTrashesOf } from '../../../../src/worker/trash/itemTrashes';
import { type NotesVault, openNotesVault } from '../fixtures/notesVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };

describe('the Trash of notes, files and folders (docs/trash.md)', () => {
  let v: NotesVault;
  const create = async (title: string, folder: string, content = '') => {
    const res = await v.registry.write('notes.create', [{ title, folder, content }], approveAll);
    if (!res.ok) throw new Error(res.error.message);
    return (res.value as { id: string }).id;
  };
  const write = (op: string, args: unknown[]) => v.registry.write(op, args, approveAll);
  const list = async () => {
    const res = await v.registry.read('trash.list', [], ui);
    if (!res.ok) throw new Error(res.error.message);
    return res.value as { kind: string; id: string; title: string; folder_path: string; count?: number }[];
  };
  const live = async () =>
    (await v.store.list({ offset: 0, limit: 100, sort: 'title' })).items
      .map((n) => `${n.folderPath}/${n.title}`)
      .sort();
  const linkTo = async (from: string) => (await v.db.links.where('from_id').equals(from).first())?.to_id;

  beforeEach(async () => {
    v = await openNotesVault({
      extra: ({ services, store }) => trashOperations(store.trash, itemTrashesOf(services)),
    });
  });
  afterEach(() => v.close());

  it('a deleted note leaves lists, title look-ups, links and search, and comes back where it was', async () => {
    const target = await create('Meeting notes', 'Work', 'agenda #weekly');
    const linking = await create('Index', '', 'see [[Meeting notes]]');
    expect(await linkTo(linking)).toBe(target);

    expect(await write('notes.delete', [target])).toEqual({ ok: true, value: { id: target } });
    expect(await live()).toEqual(['/Index']);
    expect(await linkTo(linking)).toBeNull(); // the backlink no longer resolves
    expect(await v.db.notes.where('tags').equals('weekly').count()).toBe(0);
    expect((await loadAllSearchDocs(v.db)).map((d) => d.id)).toEqual([linking]);
    expect(await v.store.get(target)).toBeNull();
    expect(await list()).toMatchObject([
      { kind: 'note', id: target, title: 'Meeting notes', folder_path: 'Work' },
    ]);
    // kept, body and all
    expect((await v.db.bodies.get(target))?.markdown).toBe('agenda #weekly');

    const back = await write('trash.restore', ['note', target]);
    expect(back).toMatchObject({
      ok: true,
      value: { restored: [{ id: target, title: 'Meeting notes', folderPath: 'Work' }] },
    });
    expect(await live()).toEqual(['/Index', 'Work/Meeting notes']);
    expect(await linkTo(linking)).toBe(target);
    expect((await v.store.get(target))?.tags).toEqual(['weekly']);
    expect(await list()).toEqual([]);
  });

  it('restores under a free title when the old one was taken meanwhile', async () => {
    const first = await create('Plan', '');
    await write('notes.delete', [first]);
    await create('Plan', '');
    expect(await write('trash.restore', ['note', first])).toMatchObject({
      ok: true,
      value: { restored: [{ title: 'Plan (restored)' }] },
    });
    expect(await live()).toEqual(['/Plan', '/Plan (restored)']);
  });

  it('a deleted folder is one Trash item and restores with its subfolders and contents', async () => {
    await create('A', 'P/Q');
    await create('B', 'P');
    await create('C', 'Other');
    expect(await write('notes.deleteFolder', ['P'])).toEqual({ ok: true, value: { path: 'P' } });
    expect(await live()).toEqual(['Other/C']);
    expect((await v.db.folders.toArray()).map((f) => f.path)).toEqual(['Other']);
    expect(await list()).toMatchObject([{ kind: 'folder', id: 'P', title: 'P', folder_path: '', count: 2 }]);
    expect(await write('trash.restore', ['folder', 'P'])).toMatchObject({ ok: true });
    expect(await live()).toEqual(['Other/C', 'P/B', 'P/Q/A']);
    expect((await v.db.folders.toArray()).map((f) => f.path).sort()).toEqual(['Other', 'P', 'P/Q']);
  });

  it('deletes one item for good, or empties the Trash; live notes are never touched', async () => {
    const a = await create('A', '');
    const b = await create('B', '');
    const c = await create('C', '');
    await write('notes.delete', [a]);
    await write('notes.delete', [b]);
    expect(await write('trash.deletePermanent', ['note', a])).toEqual({
      ok: true,
      value: { kind: 'note', id: a, deleted: 1 },
    });
    expect(await v.db.notes.get(a)).toBeUndefined();
    expect(await v.db.bodies.get(a)).toBeUndefined();
    // a live note is not in the Trash: refused, kept
    expect(await write('trash.deletePermanent', ['note', c])).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });
    expect(await write('trash.empty', [])).toEqual({ ok: true, value: { deleted: 1 } });
    expect(await v.db.notes.get(b)).toBeUndefined();
    expect(await live()).toEqual(['/C']);
  });

  it('refuses bad input with the spec codes and changes nothing', async () => {
    const a = await create('A', 'F');
    await write('notes.delete', [a]);
    const before = await v.snapshot();
    for (const [op, args] of [
      ['trash.restore', ['note', 'nope']],
      ['trash.restore', ['folder', 'Nope']],
      ['trash.deletePermanent', ['folder', 'Nope']],
    ] as const)
      expect(await write(op, [...args])).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    for (const args of [['box', a], ['note'], ['note', ''], ['note', a, 'extra'], [1, a]])
      expect(await write('trash.restore', args)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(await v.registry.read('trash.list', ['x'], ui)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
    // a second delete of a trashed note: it is not a live note any more
    expect(await write('notes.delete', [a])).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await v.snapshot()).toEqual(before);
  });

  it('says when each item will be purged: 30 days after its delete', async () => {
    const a = await create('A', '');
    await write('notes.delete', [a]);
    const [entry] = (await list()) as unknown as { trashed_at: string; purge_at: string }[];
    expect(Date.parse(entry?.purge_at ?? '') - Date.parse(entry?.trashed_at ?? '')).toBe(TRASH_KEEP_MS);
  });
});
