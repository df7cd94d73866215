import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact } from '../../../src/worker/search/compact';
import { IndexState } from '../../../src/worker/search/indexState';
import { MemorySearchStore } from '../../../src/worker/search/searchStore';
import { TitleOrder } from '../../../src/worker/search/titleOrder';

/** Pieces whose collation differs from code-unit order: case, accents (composed and not), an ignorable character. */
const PIECES = ['a', 'A', 'á', 'a\u0301', 'b', 'B', ' ', '1', '10', '2', 'é', 'z', '\u200b', 'Ö'];
const title = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 4 }).map((p) => p.join(''));
const op = fc.oneof(
  fc.record({ kind: fc.constant('upsert' as const), id: fc.integer({ min: 0, max: 9 }), title }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('compact' as const) }),
  fc.record({ kind: fc.constant('reload' as const) }),
  fc.record({ kind: fc.constant('check' as const) }),
);

const doc = (id: string, t: string) => ({
  id,
  title: t,
  folder_path: '',
  file_type: 'markdown' as const,
  body: 'x',
});

/** Rank order must be localeCompare order, for every pair of live documents. */
function expectTitleOrder(state: IndexState, ranks: Int32Array) {
  const live = [...state.liveDocs()];
  const wrong: string[] = [];
  for (const a of live) {
    for (const b of live) {
      const byRank = Math.sign((ranks[a.no] as number) - (ranks[b.no] as number));
      if (byRank !== Math.sign(a.title.localeCompare(b.title)))
        wrong.push(`${JSON.stringify(a.title)} vs ${JSON.stringify(b.title)}: ${byRank}`);
    }
  }
  expect(wrong).toEqual([]);
}

describe('TitleOrder', () => {
  it('ranks live documents in localeCompare order through upserts, removals, compactions and reloads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(title, { maxLength: 8 }),
        fc.array(op, { maxLength: 30 }),
        async (initial, ops) => {
          const store = new MemorySearchStore();
          let state = new IndexState();
          for (const [i, t] of initial.entries()) await store.write(state.upsert(doc(`d${i}`, t)).puts, []);
          const order = TitleOrder.build(state);
          for (const o of ops) {
            if (o.kind === 'upsert') await store.write(state.upsert(doc(`d${o.id}`, o.title)).puts, []);
            else if (o.kind === 'remove') {
              const w = state.remove(`d${o.id}`);
              await store.write(w.puts, w.deletes);
            } else if (o.kind === 'compact') await compact(state, store, 1);
            else if (o.kind === 'reload') state = await IndexState.load(store);
            else expectTitleOrder(state, order.ranks(state));
          }
          expectTitleOrder(state, order.ranks(state));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('re-sorts instead of inserting one by one when most documents are new, with the same order', () => {
    const state = new IndexState();
    const order = TitleOrder.build(state);
    for (let i = 0; i < 150; i++) state.upsert(doc(`d${i}`, `${PIECES[i % PIECES.length]}${i % 7}`));
    expectTitleOrder(state, order.ranks(state));
    for (let i = 0; i < 30; i++) state.upsert(doc(`n${i}`, `${PIECES[(i * 5) % PIECES.length]}`));
    expectTitleOrder(state, order.ranks(state));
  });
});
