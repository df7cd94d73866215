import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../src/worker/search/searchIndex';
import { MemorySearchStore } from '../../../src/worker/search/searchStore';
import type { SearchDoc } from '../../../src/worker/search/searchTypes';
import { memoryTexts } from './generatedVault';

const WORDS = ['apple', 'apricot', 'banana', 'cherry', 'citrus', 'damson', 'elder', 'fig', 'grape', 'guava'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
const op = fc.oneof(
  fc.record({
    kind: fc.constant('upsert' as const),
    id: fc.integer({ min: 0, max: 7 }),
    title: text,
    body: text,
  }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('compact' as const) }),
  fc.record({ kind: fc.constant('reopen' as const) }),
);

async function matching(index: SearchIndex, query: string): Promise<string[]> {
  const r = await index.query({ query, limit: 50, fuzzy: false, prefix: false });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.map((h) => h.id).sort();
}

describe('incremental index', () => {
  it('matches the same documents as an index rebuilt from the final vault, after any edits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 25 }),
        fc.integer({ min: 2, max: 6 }),
        async (ops, compactAt) => {
          const live = new Map<string, SearchDoc>();
          const texts = memoryTexts([]);
          const deps = { store: new MemorySearchStore(), texts, now: () => 0, compactAt };
          let index = await SearchIndex.open(deps);
          for (const o of ops) {
            if (o.kind === 'upsert') {
              const d: SearchDoc = {
                id: `d${o.id}`,
                title: o.title,
                folder_path: '',
                file_type: 'markdown',
                body: o.body,
              };
              live.set(d.id, d);
              texts.set(d);
              await index.upsert(d);
            } else if (o.kind === 'remove') {
              live.delete(`d${o.id}`);
              await index.remove(`d${o.id}`);
            } else if (o.kind === 'compact') {
              await index.compact();
            } else {
              index = await SearchIndex.open(deps);
            }
          }
          const fresh = await SearchIndex.open({ store: new MemorySearchStore(), texts, now: () => 0 });
          await fresh.rebuild(live.values(), live.size);
          expect((await index.stats()).documents).toBe(live.size);
          for (const q of ['apple', 'banana cherry', 'fig grape guava', 'elder']) {
            expect(await matching(index, q)).toEqual(await matching(fresh, q));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
