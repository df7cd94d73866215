import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readNote } from '../../src/worker/domain/notes/frontmatter/readNote';
import type { SearchDoc, TextSource } from '../../src/worker/search/searchTypes';
import { makeSnippet } from '../../src/worker/search/snippet';
import { tokenize } from '../../src/worker/search/tokenize';
import { loadFixtureVault } from '../unit/notes/fixtureVault';
import { generateVault, memoryTexts, mulberry32 } from '../unit/search/generatedVault';
import {
  cairnCandidate,
  flexSearchCandidate,
  type IndexCandidate,
  miniSearchCandidate,
} from '../unit/search/indexCandidates';
import type { BenchRow } from './types';

/**
 * Search figures of issue 3 on a generated vault of 10,000 notes of about 2 KB, 50 PDF pages
 * and the 173 notes of the Obsidian Help fixture: build from empty, persisted size, cold start
 * (load the stored index, answer the first query), query p50/p95 WITH snippets, durable update
 * of one note, heap. Group `search` is the chosen index (Cairn's own); group `search-compare`
 * measures MiniSearch and FlexSearch the same way (docs/search.md has the table and the choice).
 * SEARCH_BENCH_NOTES=2000 runs a smaller vault. The comparison takes minutes and hundreds of MB of
 * heap (FlexSearch), so it runs only with SEARCH_BENCH_COMPARE=1.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Wall-clock and CPU milliseconds of one call: on the shared 2-core machine other processes
 * stretch wall time, while this process's CPU time shows the work itself. Both are reported. */
async function timed<T>(fn: () => Promise<T>): Promise<{ wall: number; cpu: number; value: T }> {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  return { wall, cpu: (u.user + u.system) / 1000, value };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

function vault(notes: number): SearchDoc[] {
  const fixture = loadFixtureVault()
    .filter((i) => i.source !== undefined)
    .map((i): SearchDoc => {
      const { body } = readNote(i.source ?? '');
      return {
        id: `fixture-${i.header.id}`,
        title: i.header.title,
        folder_path: i.header.folder_path,
        file_type: 'markdown',
        body,
      };
    });
  return [...generateVault({ notes, pdfFiles: 10, pagesPerPdf: 5, seed: 11 }), ...fixture];
}

/** 200 queries: common words, word pairs, 4-letter prefixes and one-letter typos, from the vault. */
function queries(docs: readonly SearchDoc[]): string[] {
  const rand = mulberry32(99);
  const pickWords = () => {
    const d = docs[Math.floor(rand() * docs.length)];
    return tokenize(d?.body || (d?.extra ?? []).join(' ')).filter((w) => w.length >= 4);
  };
  const out: string[] = [];
  while (out.length < 200) {
    const words = pickWords();
    const w = words[Math.floor(rand() * words.length)];
    const w2 = words[Math.floor(rand() * words.length)];
    if (!w || !w2) continue;
    switch (out.length % 4) {
      case 0:
        out.push(w);
        break;
      case 1:
        out.push(`${w} ${w2}`);
        break;
      case 2:
        out.push(w.slice(0, 4));
        break;
      default: {
        const at = 1 + Math.floor(rand() * (w.length - 1));
        out.push(w.length >= 6 ? `${w.slice(0, at)}x${w.slice(at + 1)}` : w);
      }
    }
  }
  return out;
}

async function withSnippets(c: IndexCandidate, texts: TextSource, q: string): Promise<number> {
  const hits = await c.query(q, 20);
  const missing = hits.filter((h) => h.snippet === undefined);
  if (missing.length > 0) {
    const got = await texts.getTexts(missing.map((h) => h.id));
    for (const h of missing) h.snippet = makeSnippet(got.get(h.id) ?? { body: '', extra: [] }, h.terms);
  }
  return hits.length;
}

async function measure(
  c: IndexCandidate,
  docs: SearchDoc[],
  texts: ReturnType<typeof memoryTexts>,
  group: string,
  target: boolean,
  updates: number,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const row = (name: string, value: number, unit: string, t?: string, ok?: boolean, note?: string) => {
    const r: BenchRow = { group, name: `${name} [${c.name}]`, value, unit };
    if (target && t !== undefined) r.target = t;
    if (target && ok !== undefined) r.ok = ok;
    if (note !== undefined) r.note = note;
    rows.push(r);
  };
  const n = docs.length;
  const before = heap();
  const build = await timed(() => c.build(docs));
  row(
    `index build from empty (${n} docs)`,
    build.wall,
    'ms',
    undefined,
    undefined,
    `cpu ${build.cpu.toFixed(0)} ms`,
  );
  const persisted = await timed(() => c.persist());
  const stored = persisted.value;
  let chars = 0;
  for (const [k, v] of stored) chars += k.length + v.length;
  row('serialize whole index', persisted.wall, 'ms', undefined, undefined, `${stored.size} keys`);
  row('stored size', Math.round((chars * 2) / 1024 / 1024), 'MB (UTF-16)');
  const qs = queries(docs);
  const cold = await timed(async () => {
    const load = await timed(() => c.load(stored));
    await withSnippets(c, texts, qs[0] ?? 'vault');
    return load.wall;
  });
  row(
    'cold start to first result',
    cold.wall,
    'ms',
    '< 300 ms',
    cold.wall < 300,
    `load ${cold.value.toFixed(0)} ms; cpu ${cold.cpu.toFixed(0)} ms`,
  );
  row('heap after cold start + 1 query', Math.round((heap() - before) / 1024 / 1024), 'MB');
  // What the app does once the index is open (SearchIndex.warmAll, in the background): the
  // queries below are those of a session that started more than a moment ago.
  if (c.warm) {
    const warm = await timed(() => (c.warm as () => Promise<number>)());
    row(
      'background warm-up after open',
      warm.wall,
      'ms',
      undefined,
      undefined,
      `${warm.value} shards; cpu ${warm.cpu.toFixed(0)} ms`,
    );
    row('heap after warm-up', Math.round((heap() - before) / 1024 / 1024), 'MB');
  }
  for (const q of qs.slice(0, 20)) await withSnippets(c, texts, q);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const q of qs) {
    const m = await timed(() => withSnippets(c, texts, q));
    wall.push(m.wall);
    cpu.push(m.cpu);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  for (const [label, p] of [
    ['p50', 0.5],
    ['p95', 0.95],
  ] as const) {
    const w = percentile(wall, p);
    row(
      `query ${label} with snippets (${qs.length} queries)`,
      w,
      'ms',
      '< 5 ms',
      w < 5,
      `cpu ${percentile(cpu, p).toFixed(2)} ms`,
    );
  }
  // The same queries again: what a session sees once the postings it uses are loaded.
  const wall2: number[] = [];
  const cpu2: number[] = [];
  for (const q of qs) {
    const m = await timed(() => withSnippets(c, texts, q));
    wall2.push(m.wall);
    cpu2.push(m.cpu);
  }
  wall2.sort((a, b) => a - b);
  cpu2.sort((a, b) => a - b);
  const w2 = percentile(wall2, 0.95);
  const c2 = percentile(cpu2, 0.95).toFixed(2);
  row('query p95 with snippets, same queries again', w2, 'ms', '< 5 ms', w2 < 5, `cpu ${c2} ms`);
  const rand = mulberry32(5);
  const uWall: number[] = [];
  const uCpu: number[] = [];
  let written = 0;
  for (let i = 0; i < updates; i++) {
    const d = docs[Math.floor(rand() * docs.length)] as SearchDoc;
    const changed = { ...d, body: `${d.body}\nedited ${i} quokka` };
    texts.set(changed);
    const m = await timed(() => c.updateDurably(changed));
    written += m.value;
    uWall.push(m.wall);
    uCpu.push(m.cpu);
  }
  uWall.sort((a, b) => a - b);
  uCpu.sort((a, b) => a - b);
  for (const [label, p] of [
    ['p50', 0.5],
    ['p95', 0.95],
  ] as const) {
    const w = percentile(uWall, p);
    row(
      `one-note update, durable, ${label} (${updates} updates)`,
      w,
      'ms',
      '< 5 ms',
      w < 5,
      `cpu ${percentile(uCpu, p).toFixed(2)} ms`,
    );
  }
  row('written per one-note update', Math.round((written * 2) / updates / 1024), 'KB');
  return rows;
}

export default async function searchBench(): Promise<BenchRow[]> {
  const notes = Number(process.env.SEARCH_BENCH_NOTES ?? 10_000);
  const docs = vault(notes);
  const rows: BenchRow[] = [];
  const texts = memoryTexts(docs);
  rows.push(...(await measure(cairnCandidate(texts), docs, texts, 'search', true, 100)));
  rows.push({ group: 'search', name: 'machine load average (1 min)', value: loadavg()[0] ?? 0, unit: '' });
  if (process.env.SEARCH_BENCH_COMPARE !== '1') return rows;
  // Their durable update re-serializes the whole index (seconds each): a few samples suffice.
  for (const c of [miniSearchCandidate(), flexSearchCandidate()]) {
    rows.push(...(await measure(c, docs, memoryTexts(docs), 'search-compare', false, 5)));
  }
  return rows;
}
