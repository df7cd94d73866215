import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchTagOperations } from '../../../../src/worker/ops/search/searchTagOperations';
import { createNoteTagIndex } from '../../../../src/worker/ops/tags/noteTagIndex';
import { type ExtrasVault, openExtrasVault } from '../fixtures/notesExtrasVault';

const ui = { caller: { kind: 'ui' as const } };

describe('search.getAllTags', () => {
  let v: ExtrasVault;
  beforeEach(async () => {
    v = await openExtrasVault((d) => searchTagOperations(createNoteTagIndex(d.db, d.bodies)));
  });
  afterEach(() => v.close());

  it('counts every tag, a nested tag also under its parent, by name (first spelling in index order)', async () => {
    await v.store.create({ title: 'A', markdown: '#work/alpha #home' });
    await v.store.create({ title: 'B', markdown: '#work #Home' });
    expect(await v.registry.read('search.getAllTags', [], ui)).toEqual({
      ok: true,
      value: [
        { name: 'Home', count: 2 },
        { name: 'work', count: 2 },
        { name: 'work/alpha', count: 1 },
      ],
    });
  });

  it('answers [] on an empty vault and refuses any argument', async () => {
    expect(await v.registry.read('search.getAllTags', [], ui)).toEqual({ ok: true, value: [] });
    expect(await v.registry.read('search.getAllTags', ['x'], ui)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
  });
});
