import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinkResolver } from '../../../src/worker/domain/notes/links/linkResolver';
import { type NoteHeader, vaultPathOf } from '../../../src/worker/domain/notes/noteHeader';

const name = fc.constantFrom('Alpha', 'alpha', 'Beta', 'Gamma note', 'Delta');
const folder = fc.constantFrom('', 'A', 'A/B', 'B', 'C/A');
const header = fc.record({
  id: fc.integer({ min: 0, max: 9 }).map((n) => `n${n}`),
  title: name,
  folder_path: folder,
});
const op = fc.oneof(
  fc.record({ kind: fc.constant('upsert' as const), h: header }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 9 }).map((n) => `n${n}`) }),
);
const link = fc.tuple(
  fc.constantFrom('', 'A/', 'B/', 'A/B/', 'a/b/', './', '../'),
  name,
  fc.constantFrom('', '.md'),
);

describe('LinkResolver', () => {
  it('after any upserts and removals resolves exactly like one built from the final headers', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 30 }),
        fc.array(link, { minLength: 1, maxLength: 10 }),
        folder,
        (ops, links, from) => {
          const live = new Map<string, NoteHeader>();
          const incremental = new LinkResolver();
          for (const o of ops) {
            if (o.kind === 'upsert') {
              const h: NoteHeader = { ...o.h, file_type: 'markdown' };
              live.set(h.id, h);
              incremental.upsert(h);
            } else {
              live.delete(o.id);
              incremental.remove(o.id);
            }
          }
          const fresh = new LinkResolver(live.values());
          for (const [prefix, title, ext] of links) {
            const target = `${prefix}${title}${ext}`;
            const a = incremental.resolve(target, from);
            const b = fresh.resolve(target, from);
            expect(a?.header.id ?? null).toBe(b?.header.id ?? null);
            // A resolved note always has the written name (any letter case).
            if (a)
              expect(vaultPathOf(a.header).toLowerCase().endsWith(`${title}.md`.toLowerCase())).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
