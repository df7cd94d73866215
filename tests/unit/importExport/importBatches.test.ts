import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ImportProgress, importFiles } from '../../../src/worker/stores/importer';
import { type NotesVault, openNotesVault } from '../ops/fixtures/notesVault';

/**
 * The bulk import writes (docs/backup.md "Import"): a batch's titles, ids and links are settled
 * together, in one transaction, the same as one note at a time would have; batches grow from 25.
 */
describe('import batches', () => {
  let v: NotesVault;
  beforeEach(async () => {
    v = await openNotesVault();
  });
  afterEach(() => v.close());

  const md = (title: string, markdown: string, id?: string) => ({
    kind: 'markdown' as const,
    title,
    folderPath: 'Work',
    markdown,
    ...(id ? { id } : {}),
  });

  it('titles taken in the vault or earlier in the same batch get the next free number; a used id a new one', async () => {
    const first = await v.store.insertMany([md('Plan', 'vault', 'n1')]);
    if (!first.ok) throw new Error(first.error.message);
    const res = await v.store.insertMany([
      md('Plan', 'a', 'n1'),
      md('PLAN', 'b', 'n2'),
      md('Plan 1', 'c', 'n2'),
      md('Other', 'd', 'n3'),
    ]);
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.map((r) => r.title)).toEqual(['Plan 1', 'PLAN 2', 'Plan 1 1', 'Other']);
    const ids = res.value.map((r) => r.id);
    // n1 is the vault's, n2 went to the first that asked for it, n3 was free
    expect(ids[0]).not.toBe('n1');
    expect(ids[1]).toBe('n2');
    expect(ids[2]).not.toBe('n2');
    expect(ids[3]).toBe('n3');
    expect(new Set(ids).size).toBe(4);
    for (const row of res.value) expect((await v.store.get(row.id))?.markdown).toBeTruthy();
  });

  it('links between the notes of one batch and to the vault resolve, as they would one at a time', async () => {
    const old = await v.store.insertMany([md('Old', 'see [[New B]]')]);
    if (!old.ok) throw new Error(old.error.message);
    const res = await v.store.insertMany([
      md('New A', 'to [[New B]] and [[Old]]'),
      md('New B', 'back to [[New A]]'),
    ]);
    if (!res.ok) throw new Error(res.error.message);
    const [a, b] = res.value;
    const target = async (from: string) =>
      (await v.db.links.where('from_id').equals(from).toArray()).map((r) => r.to_id).sort();
    expect(await target(a!.id)).toEqual([b!.id, old.value[0]!.id].sort());
    expect(await target(b!.id)).toEqual([a!.id]);
    // the vault's note that named New B before it existed now reaches it
    expect(await target(old.value[0]!.id)).toEqual([b!.id]);
  });

  it('an import goes in batches of 25, 50, 100, … and a second import skips every note as identical', async () => {
    const sources = Array.from({ length: 200 }, (_, i) => ({
      path: `Many/Note ${i}.md`,
      file: new Blob([`note ${i}`]),
    }));
    const progress: ImportProgress[] = [];
    const res = await importFiles(v.store, sources, '', (p) => progress.push(p), v.db);
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.notes).toBe(200);
    expect(progress.map((p) => p.done)).toEqual([0, 25, 75, 175, 200]);
    const again = await importFiles(v.store, sources, '', () => {}, v.db);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.notes).toBe(0);
    expect(again.value.skipped).toHaveLength(200);
    expect(await v.db.notes.count()).toBe(200);
  });
});
