import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../src/worker/search/searchIndex';
import { MemorySearchStore } from '../../../src/worker/search/searchStore';
import type { SearchDoc } from '../../../src/worker/search/searchTypes';
import { generateVault, memoryTexts } from './generatedVault';

const doc = (id: string, title: string, body: string, extra: Partial<SearchDoc> = {}): SearchDoc => ({
  id,
  title,
  folder_path: '',
  file_type: 'markdown',
  body,
  ...extra,
});

const DOCS: SearchDoc[] = [
  doc('garden', 'Garden plan', 'Tomatoes and basil along the south fence. Water the tomatoes daily.'),
  doc('recipes', 'Recipes', 'A sauce of tomatoes, garlic and basil. The garden gives the basil.', {
    folder_path: 'Kitchen',
  }),
  doc('trip', 'Trip to Zürich', 'Train tickets, the hotel near the lake, a museum of <design> & art.', {
    folder_path: 'Travel/2026',
  }),
  doc('scan', 'Invoice scan', '', {
    file_type: 'pdf',
    folder_path: 'Files',
    extra: ['Page one.', 'Total due: 420 francs for tomatoes.'],
  }),
  doc(
    'long',
    'Notes',
    `${'filler words here. '.repeat(400)}the needle is here. ${'more filler. '.repeat(100)}`,
  ),
];

async function openWith(docs: SearchDoc[], compactAt?: number) {
  const store = new MemorySearchStore();
  const texts = memoryTexts(docs);
  const deps = { store, texts, now: () => 1_000, ...(compactAt ? { compactAt } : {}) };
  const index = await SearchIndex.open(deps);
  await index.rebuild(docs, docs.length);
  return { index, store, texts, deps };
}

async function ids(index: SearchIndex, query: string, extra: object = {}) {
  const r = await index.query({ query, ...extra });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.map((h) => h.id);
}

describe('ranking', () => {
  it('boosts titles and orders by relevance', async () => {
    const { index } = await openWith(DOCS);
    expect((await ids(index, 'garden'))[0]).toBe('garden');
    expect((await ids(index, 'tomatoes basil')).sort()).toEqual(['garden', 'recipes']);
    expect(await ids(index, 'tomatoes daily')).toEqual(['garden']);
  });

  it('matches prefixes, typos and accents', async () => {
    const { index } = await openWith(DOCS);
    expect(await ids(index, 'tomat')).toContain('garden');
    expect(await ids(index, 'tomatoez')).toContain('recipes');
    expect(await ids(index, 'zurich')).toEqual(['trip']);
    expect(await ids(index, 'tomatoez', { fuzzy: false })).toEqual([]);
    expect(await ids(index, 'tomat', { prefix: false })).toEqual([]);
  });

  it('requires every term, falling back to the best partial matches', async () => {
    const { index } = await openWith(DOCS);
    expect(await ids(index, 'garlic sauce')).toEqual(['recipes']);
    expect((await ids(index, 'garlic unicorn'))[0]).toBe('recipes');
  });

  it('finds filed files by their extracted text and filters by folder and type', async () => {
    const { index } = await openWith(DOCS);
    expect(await ids(index, 'francs')).toEqual(['scan']);
    expect(await ids(index, 'tomatoes', { file_types: ['pdf'] })).toEqual(['scan']);
    expect(await ids(index, 'tomatoes', { folder: '/Kitchen/' })).toEqual(['recipes']);
    expect(await ids(index, 'hotel', { folder: 'Travel' })).toEqual(['trip']);
    expect(await ids(index, 'hotel', { folder: 'Trav' })).toEqual([]);
  });

  it('refuses bad queries with VALIDATION values', async () => {
    const { index } = await openWith(DOCS);
    expect(await index.query({ query: '  ' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'query' },
    });
    expect(await index.query({ query: 'x', limit: 51 })).toMatchObject({
      ok: false,
      error: { field: 'limit' },
    });
    expect(await index.query({ query: 'x', file_types: [] })).toMatchObject({
      ok: false,
      error: { field: 'file_types' },
    });
    const bad = { query: 'x', file_types: ['doc'] } as unknown as Parameters<SearchIndex['query']>[0];
    expect(await index.query(bad)).toMatchObject({ ok: false, error: { field: 'file_types' } });
  });
});

describe('snippets', () => {
  it('wraps matched words in <mark> and escapes the source', async () => {
    const { index } = await openWith(DOCS);
    const r = await index.query({ query: 'museum design' });
    if (!r.ok) throw new Error('refused');
    const hit = r.value[0];
    expect(hit).toMatchObject({
      id: 'trip',
      href: 'svc://note/trip',
      source_ref: { kind: 'note', id: 'trip' },
    });
    expect(hit?.snippet).toContain('<mark>museum</mark> of &lt;<mark>design</mark>&gt; &amp; art.');
    expect(hit?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('cuts a window around the match in a long note and marks the extracted text of files', async () => {
    const { index } = await openWith(DOCS);
    const r = await index.query({ query: 'needle' });
    if (!r.ok) throw new Error('refused');
    expect(r.value[0]?.snippet).toMatch(/^….*the <mark>needle<\/mark> is here\..*…$/);
    expect(r.value[0]?.snippet.length).toBeLessThan(200);
    const pdf = await index.query({ query: 'francs' });
    if (!pdf.ok) throw new Error('refused');
    expect(pdf.value[0]?.snippet).toBe('Total due: 420 <mark>francs</mark> for tomatoes.');
    expect(pdf.value[0]?.fields).toEqual(['extra']);
  });
});

describe('persistence and incremental updates', () => {
  it('reopens from the store without re-indexing and answers the same', async () => {
    const docs = generateVault({ notes: 300, seed: 7 });
    const { index, deps } = await openWith(docs);
    const before = await index.query({ query: 'vault sync' });
    const reopened = await SearchIndex.open(deps);
    expect(await reopened.query({ query: 'vault sync' })).toEqual(before);
    expect((await reopened.stats()).documents).toBe(300);
  });

  it('applies updates and removals at once and keeps them across a reopen', async () => {
    const { index, deps, texts } = await openWith(DOCS);
    const changed = doc('garden', 'Garden plan', 'Now only pumpkins grow here.');
    texts.set(changed);
    await index.upsert(changed);
    await index.remove('recipes');
    expect(await ids(index, 'pumpkins')).toEqual(['garden']);
    expect(await ids(index, 'basil')).toEqual([]);
    const stats = await index.stats();
    expect(stats).toMatchObject({ documents: 4, delta_documents: 1, tombstones: 2 });
    const reopened = await SearchIndex.open(deps);
    expect(await ids(reopened, 'pumpkins')).toEqual(['garden']);
    expect(await ids(reopened, 'basil')).toEqual([]);
    expect(await ids(reopened, 'garden')).toEqual(['garden']);
  });

  it('compacts the delta into the base, dropping tombstones, with identical answers', async () => {
    const docs = generateVault({ notes: 200, seed: 3 });
    const { index, deps, texts, store } = await openWith(docs, 25);
    for (let i = 0; i < 30; i++) {
      const d = { ...(docs[i] as SearchDoc), body: `${docs[i]?.body} zanzibar${i % 3}` };
      texts.set(d);
      await index.upsert(d);
    }
    const stats = await index.stats();
    expect(stats.delta_documents).toBe(5); // compacted once at 25
    expect(stats.tombstones).toBe(5); // the base versions of the 5 documents updated since
    expect((await ids(index, 'zanzibar1', { limit: 50 })).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `note-${k * 3 + 1}`).sort(),
    );
    await index.compact();
    expect(await store.keys('u:')).toEqual([]);
    expect(await index.stats()).toMatchObject({ delta_documents: 0, tombstones: 0, documents: 200 });
    const reopened = await SearchIndex.open(deps);
    expect(await reopened.query({ query: 'zanzibar2 vault' })).toEqual(
      await index.query({ query: 'zanzibar2 vault' }),
    );
    expect((await reopened.stats()).documents).toBe(200);
  });

  it("a second instance on the same store sees the writer's changes after refresh()", async () => {
    const { index, deps, texts } = await openWith(DOCS);
    const reader = await SearchIndex.open(deps);
    expect(await reader.refresh()).toBe(false);
    const changed = doc('garden', 'Garden plan', 'Now only pumpkins grow here.');
    texts.set(changed);
    await index.upsert(changed);
    expect(await ids(reader, 'pumpkins')).toEqual([]);
    expect(await reader.refresh()).toBe(true);
    expect(await ids(reader, 'pumpkins')).toEqual(['garden']);
  });

  it('warmAll() loads every shard in steps, up to its cap, and queries answer alike', async () => {
    const docs = generateVault({ notes: 300, seed: 9 });
    const { deps } = await openWith(docs);
    const cold = await SearchIndex.open(deps);
    const before = await cold.query({ query: 'the river' });
    const index = await SearchIndex.open(deps);
    const { shards } = await index.stats();
    expect(shards).toBeGreaterThan(2);
    expect(await index.warmAll(1, 2)).toBe(2);
    expect((await index.stats()).shards_loaded).toBe(2);
    expect(await index.warmAll(1)).toBe(shards - 2);
    expect((await index.stats()).shards_loaded).toBe(shards);
    expect(await index.warmAll()).toBe(0);
    expect(await index.query({ query: 'the river' })).toEqual(before);
  });

  it('keeps requiring every term when tombstones outnumber live documents (idf stays positive)', async () => {
    // Found by the property test: df counted a tombstone, exceeded n, and idf went negative.
    const texts = memoryTexts([]);
    const index = await SearchIndex.open({
      store: new MemorySearchStore(),
      texts,
      now: () => 0,
      compactAt: 2,
    });
    for (const [id, body] of [
      ['d7', 'fig'],
      ['d0', 'fig grape guava'],
      ['d1', 'fig'],
    ] as const) {
      const d = doc(id, 'apple', body);
      texts.set(d);
      await index.upsert(d);
    }
    await index.remove('d7');
    expect(await ids(index, 'fig grape guava')).toEqual(['d0']);
  });

  it('compacts when removals alone pile up tombstones', async () => {
    const docs = generateVault({ notes: 60, seed: 5 });
    const { index, store } = await openWith(docs, 10);
    for (let i = 0; i < 19; i++) await index.remove(`note-${i}`);
    expect(await index.stats()).toMatchObject({ tombstones: 19, documents: 41 });
    await index.remove('note-19');
    expect(await index.stats()).toMatchObject({ tombstones: 0, delta_documents: 0, documents: 40 });
    expect(await store.keys('u:')).toEqual([]);
    expect(await ids(index, docs[0]?.title ?? '')).not.toContain('note-0');
  });

  it('rebuilds from scratch with progress', async () => {
    const { index } = await openWith(DOCS);
    const phases: string[] = [];
    await index.rebuild(DOCS.slice(0, 2), 2, (p) => phases.push(p.phase));
    expect(phases).toContain('indexing');
    expect(phases).toContain('writing');
    expect((await index.stats()).documents).toBe(2);
    expect(await ids(index, 'hotel')).toEqual([]);
  });
});

describe('quick search', () => {
  it('ranks exact, prefix, word-prefix, substring and subsequence title matches', async () => {
    const { index } = await openWith([
      doc('1', 'Internal links', ''),
      doc('2', 'Links', ''),
      doc('3', 'Linking notes and files', ''),
      doc('4', 'Hotkeys', ''),
      doc('5', 'Blinks', ''),
    ]);
    // "Linking notes" holds l-i-n-k…s in order: a weak subsequence match, ranked last
    expect((await index.quick('links')).map((h) => h.id)).toEqual(['2', '1', '5', '3']);
    expect((await index.quick('lin')).map((h) => h.id)).toEqual(['2', '3', '1', '5']);
    expect((await index.quick('intlin')).map((h) => h.id)).toEqual(['1']);
    expect(await index.quick('   ')).toEqual([]);
  });
});
