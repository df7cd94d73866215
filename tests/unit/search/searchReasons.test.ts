import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../src/worker/search/searchIndex';
import {
  createSearchReasons,
  reasonTexts,
  type SearchReason,
} from '../../../src/worker/search/searchReasons';
import { MemorySearchStore } from '../../../src/worker/search/searchStore';
import type { SearchDoc } from '../../../src/worker/search/searchTypes';
import { memoryTexts } from './generatedVault';

function setup() {
  const docs: SearchDoc[] = [
    {
      id: 'lease',
      title: 'Flat lease',
      folder_path: '',
      file_type: 'markdown',
      body: 'Rent and deposit terms.',
    },
    { id: 'other', title: 'Groceries', folder_path: '', file_type: 'markdown', body: 'Milk, bread.' },
  ];
  const rows: SearchReason[] = [];
  let n = 0;
  const deps = { store: new MemorySearchStore(), texts: memoryTexts(docs), now: () => 5 };
  const ready = SearchIndex.open(deps);
  const reasons = createSearchReasons({
    store: {
      list: async (noteId) => rows.filter((r) => noteId === undefined || r.note_id === noteId),
      add: async (r) => {
        rows.push(r);
      },
      clear: async (noteId) => {
        const before = rows.length;
        rows.splice(0, rows.length, ...rows.filter((r) => noteId !== undefined && r.note_id !== noteId));
        return before - rows.length;
      },
    },
    noteExists: async (id) => docs.some((d) => d.id === id),
    reindex: async (id) => {
      const index = await ready;
      const d = docs.find((x) => x.id === id);
      if (d) await index.upsert({ ...d, reasons: reasonTexts(rows.filter((r) => r.note_id === id)) });
    },
    newId: () => `r${++n}`,
    now: () => 100 + n,
  });
  return { docs, ready, reasons };
}

describe('search reasons', () => {
  it('makes a note findable by its reason, and clearing removes that', async () => {
    const { docs, ready, reasons } = setup();
    const index = await ready;
    await index.rebuild(docs, 2);
    const added = await reasons.addReason({
      note_id: 'lease',
      reason: '  needed for the  tax return ',
      source: 'agent',
    });
    expect(added).toEqual({
      ok: true,
      value: {
        id: 'r1',
        note_id: 'lease',
        text: 'needed for the tax return',
        source: 'agent',
        created_at: 101,
      },
    });
    const hit = await index.query({ query: 'tax return' });
    expect(hit.ok && hit.value.map((h) => [h.id, h.fields])).toEqual([['lease', ['reasons']]]);
    expect(await reasons.getReasons({ note_id: 'lease' })).toHaveLength(1);
    expect(await reasons.clearReasons()).toEqual({ cleared: 1 });
    const after = await index.query({ query: 'tax return' });
    expect(after.ok && after.value).toEqual([]);
  });

  it('refuses empty or long reasons and unknown notes, changing nothing', async () => {
    const { reasons } = setup();
    expect(await reasons.addReason({ note_id: 'lease', reason: ' ' })).toMatchObject({
      ok: false,
      error: { field: 'reason' },
    });
    expect(await reasons.addReason({ note_id: 'lease', reason: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'reason' },
    });
    expect(await reasons.addReason({ note_id: 'nope', reason: 'x' })).toMatchObject({
      ok: false,
      error: { field: 'note_id' },
    });
    expect(await reasons.getReasons()).toEqual([]);
  });
});
