import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notePositionOperations } from '../../../src/worker/ops/notes/notePositionOperations';
import { type ExtrasVault, openExtrasVault } from '../ops/fixtures/notesExtrasVault';

const approveAll = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

describe('note list, sort manual', () => {
  let v: ExtrasVault;
  const titles = async (offset: number, limit: number, folder = 'Work') =>
    (await v.store.list({ folder, sort: 'manual', offset, limit })).items.map((n) => n.title);
  beforeEach(async () => {
    v = await openExtrasVault((d) => notePositionOperations(d.db, d.feed));
    // id1..id4 in Work, created (and so last edited) in that order; id5 elsewhere
    for (const title of ['A', 'B', 'C', 'D']) await v.store.create({ title, folderPath: 'Work' });
    await v.store.create({ title: 'Elsewhere' });
  });
  afterEach(() => v.close());

  it('with no stored order, lists the least recently edited first', async () => {
    expect(await titles(0, 10)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('lists the stored order first, the unordered notes after it, and pages over both', async () => {
    await v.registry.write('notes.reorder', ['Work', ['id3', 'id1']], approveAll);
    expect(await titles(0, 10)).toEqual(['C', 'A', 'B', 'D']);
    expect(await titles(1, 2)).toEqual(['A', 'B']);
    expect(await titles(3, 2)).toEqual(['D']);
    expect((await v.store.list({ folder: 'Work', sort: 'manual', offset: 0, limit: 1 })).total).toBe(4);
    expect(await v.store.manualOrder('Work')).toEqual(['id3', 'id1', 'id2', 'id4']);
  });

  it('puts a new note at the end and drops a note moved away', async () => {
    await v.registry.write('notes.reorder', ['Work', ['id4', 'id3', 'id2', 'id1']], approveAll);
    await v.store.create({ title: 'New', folderPath: 'Work' });
    await v.store.move('id3', '');
    expect(await titles(0, 10)).toEqual(['D', 'B', 'A', 'New']);
    expect((await v.store.list({ folder: 'Work', sort: 'manual', offset: 0, limit: 10 })).total).toBe(4);
  });

  it('leaves the other sorts and the whole vault as they were', async () => {
    await v.registry.write('notes.reorder', ['Work', ['id3', 'id1']], approveAll);
    const modified = await v.store.list({ folder: 'Work', sort: 'modified', offset: 0, limit: 10 });
    expect(modified.items.map((n) => n.title)).toEqual(['D', 'C', 'B', 'A']);
    const all = await v.store.list({ sort: 'manual', offset: 0, limit: 10 });
    expect(all.items.map((n) => n.title)).toEqual(['Elsewhere', 'D', 'C', 'B', 'A']);
  });
});
