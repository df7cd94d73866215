import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchDocOf } from '../../../src/worker/search/searchDocOf';
import { SearchIndex } from '../../../src/worker/search/searchIndex';
import { MemorySearchStore } from '../../../src/worker/search/searchStore';
import type { SearchDoc, SearchQuery } from '../../../src/worker/search/searchTypes';
import { tokenize } from '../../../src/worker/search/tokenize';
import { BENCH_QUERIES, benchNotes } from '../../bench/mcpSearchVault';
import { loadFixtureVault } from '../notes/fixtureVault';
import { memoryTexts, mulberry32 } from './generatedVault';

/**
 * Speed work on the query path (docs/search.md, "Queries where every note matches") must not
 * change a single answer: order, scores, snippets, terms and fields of every hit. The golden file
 * holds a SHA-256 of each query's full answer (and its ids, to see what moved), written by the
 * code before that work (commit "golden answers"). `SEARCH_GOLDEN_WRITE=1 npx vitest run
 * --project unit tests/unit/search/answersUnchanged.test.ts` rewrites it (then `npx biome check
 * --write` it), which only a deliberate change of ranking or snippets may do.
 */
const GOLDEN = join(import.meta.dirname, 'fixtures/answers.golden.json');
const writing = process.env.SEARCH_GOLDEN_WRITE === '1';

interface Answer {
  ids: string[];
  sha256: string;
}

const golden: Record<string, Answer> =
  !writing && existsSync(GOLDEN) ? (JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, Answer>) : {};
const produced: Record<string, Answer> = {};

async function answers(index: SearchIndex, label: string, queries: readonly SearchQuery[]) {
  const got: Record<string, Answer> = {};
  for (const q of queries) {
    const r = await index.query(q);
    if (!r.ok) throw new Error(`${JSON.stringify(q)} refused: ${r.error.message}`);
    got[`${label} ${JSON.stringify(q)}`] = {
      ids: r.value.map((h) => h.id),
      sha256: createHash('sha256').update(JSON.stringify(r.value)).digest('hex'),
    };
  }
  Object.assign(produced, got);
  if (writing) {
    writeFileSync(GOLDEN, `${JSON.stringify({ ...golden, ...produced }, null, 2)}\n`);
    return;
  }
  const expected = Object.fromEntries(Object.keys(got).map((k) => [k, golden[k]]));
  expect(got).toEqual(expected);
}

/** The /mcp bench's notes (every note holds every word; titles break the ties), 1,000 of them. */
function benchDocs(): SearchDoc[] {
  return benchNotes(1000).map(({ row, markdown }) => ({
    id: row.id,
    title: row.title,
    folder_path: row.folderPath,
    file_type: 'markdown',
    body: markdown,
  }));
}

const BENCH: SearchQuery[] = [
  ...BENCH_QUERIES.map((query) => ({ query })),
  { query: 'note' },
  { query: 'riv' },
  { query: 'rivr' },
  { query: 'stone', limit: 50 },
  { query: 'ridge north', limit: 1 },
  { query: 'light cairn field task' },
  { query: 'river', folder: 'Folder 3' },
  { query: 'path zebra' },
];

// About 2 s of CPU each; the timeout is for a 2-core machine shared with other test files.
describe('search answers are those of the code before the speed work', { timeout: 60_000 }, () => {
  it('on the /mcp bench notes, after updates and removals, and after compaction', async () => {
    const docs = benchDocs();
    const texts = memoryTexts(docs);
    const index = await SearchIndex.open({ store: new MemorySearchStore(), texts, now: () => 1 });
    await index.rebuild(docs, docs.length);
    // Before the warm-up (titles compared one by one) and after it (the sorted title order).
    await answers(index, 'bench', BENCH);
    await index.warmAll();
    await answers(index, 'bench', BENCH);
    // Delta documents and tombstones; titles that tie with, precede and follow the others under
    // the collator (case, accents, digits, an exact duplicate title).
    const titles = ['note 5 river', 'Nöte 7 river', 'Note 10 river', 'Alpha river', 'Note 999 river', 'zeta'];
    const changed = Array.from({ length: 30 }, (_, i) => {
      const d = docs[(i * 61) % docs.length] as SearchDoc;
      return { ...d, title: `${titles[i % titles.length]}${i < 12 ? '' : ` ${i}`}` };
    });
    for (const d of changed) {
      texts.set(d);
      await index.upsert(d);
    }
    for (let i = 0; i < 20; i++) await index.remove(`n${(i * 97 + 5) % docs.length}`);
    await index.upsert({
      id: 'added',
      title: 'Note 10 river',
      folder_path: '',
      file_type: 'markdown',
      body: 'river stone',
    });
    texts.set({ id: 'added', title: '', folder_path: '', file_type: 'markdown', body: 'river stone' });
    await answers(index, 'bench+delta', BENCH);
    await index.compact();
    await answers(index, 'bench+compacted', BENCH);
  });

  it('on the Obsidian Help fixture vault', async () => {
    const docs = loadFixtureVault()
      .filter((i) => i.source !== undefined)
      .map((i) => searchDocOf({ ...i.header, source: i.source }));
    const index = await SearchIndex.open({
      store: new MemorySearchStore(),
      texts: memoryTexts(docs),
      now: () => 0,
    });
    await index.rebuild(docs, docs.length);
    await index.warmAll();
    const fixed = [
      'internal links',
      'canvas',
      'sync settings',
      'hotkeys',
      'hotkyes',
      'backlin',
      'the',
      'obsidian',
      'a',
      'graph view',
      'daily notes',
      'command palette',
      'obsidain',
      'zzzzqqq',
      'café',
      '日本',
    ].map((query) => ({ query }));
    // Words, word pairs, prefixes and one-letter typos drawn from the vault (as the search bench).
    const rand = mulberry32(7);
    const drawn: SearchQuery[] = [];
    while (drawn.length < 60) {
      const words = tokenize((docs[Math.floor(rand() * docs.length)] as SearchDoc).body).filter(
        (w) => w.length >= 4,
      );
      const w = words[Math.floor(rand() * words.length)];
      const w2 = words[Math.floor(rand() * words.length)];
      if (!w || !w2) continue;
      const kind = drawn.length % 4;
      const at = 1 + Math.floor(rand() * (w.length - 1));
      const query =
        kind === 0
          ? w
          : kind === 1
            ? `${w} ${w2}`
            : kind === 2
              ? w.slice(0, 4)
              : `${w.slice(0, at)}x${w.slice(at + 1)}`;
      drawn.push({ query, limit: 50 });
    }
    const filtered: SearchQuery[] = [
      { query: 'templates', folder: 'Plugins', limit: 10 },
      { query: 'file', file_types: ['markdown'] },
      { query: 'link', prefix: false },
      { query: 'setings', fuzzy: false },
    ];
    await answers(index, 'fixture', [...fixed, ...drawn, ...filtered]);
  });
});
