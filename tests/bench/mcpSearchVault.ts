import 'fake-indexeddb/auto';
import type { NoteRow } from '../../src/worker/db/notesTables';
import { openVaultDb, type VaultDb } from '../../src/worker/db/schema';
import { createDexieSearchStore } from '../../src/worker/indexing/dexieSearchStore';
import { createNoteTexts, loadAllSearchDocs } from '../../src/worker/indexing/searchDocs';
import { createRegistry } from '../../src/worker/ops/registry';
import { searchOperations } from '../../src/worker/ops/search';
import { SearchIndex } from '../../src/worker/search/searchIndex';
import { type AgentEndpoint, createAgentEndpoint } from '../../src/worker/tools/agentEndpoint';

/**
 * The /mcp bench's vault (tests/bench/mcp.bench.ts) outside the browser: the same notes, written
 * to the real Dexie schema on fake-indexeddb, indexed and queried by the real worker code
 * (Dexie search store, native-read note texts, the search operations, the agent endpoint). Every
 * body cycles the same 10 words, so every note holds every query word 30 times and every query
 * touches the whole vault: the case where ranking and tie-breaking cost most.
 */
export const BENCH_WORDS = 'stone path river note task cairn field light north ridge'.split(' ');
export const BENCH_QUERIES = ['river', 'stone', 'north ridge', 'cairn light', 'field path'];

export function benchNotes(count: number, t0 = Date.UTC(2026, 10, 21)): { row: NoteRow; markdown: string }[] {
  const words = BENCH_WORDS;
  return Array.from({ length: count }, (_, i) => {
    const title = `Note ${i} ${words[i % words.length]}`;
    const markdown = Array.from({ length: 300 }, (_, k) => words[(i * 7 + k) % words.length]).join(' ');
    const row: NoteRow = {
      id: `n${i}`,
      title,
      titleKey: title.toLowerCase(),
      folderPath: `Folder ${i % 20}`,
      fileType: 'markdown',
      snippet: markdown.slice(0, 160),
      wordCount: 300,
      tags: [],
      emoji: null,
      localOnly: false,
      created: t0 - i * 1000,
      modified: t0 - i * 1000,
    };
    return { row, markdown };
  });
}

export interface BenchSearchVault {
  db: VaultDb;
  index: SearchIndex;
  endpoint: AgentEndpoint;
  close(): Promise<void>;
}

let opened = 0;

/** Seeds `count` bench notes, indexes them, reopens the stored index and warms every shard. */
export async function openBenchSearchVault(count: number): Promise<BenchSearchVault> {
  const db = openVaultDb(`search-bench-${++opened}-${Date.now()}`);
  await db.open();
  const notes = benchNotes(count);
  await db.notes.bulkPut(notes.map((n) => n.row));
  await db.bodies.bulkPut(notes.map((n) => ({ id: n.row.id, markdown: n.markdown })));
  const deps = { store: createDexieSearchStore(db), texts: createNoteTexts(db), now: () => 1 };
  const docs = await loadAllSearchDocs(db);
  await (await SearchIndex.open(deps)).rebuild(docs, docs.length);
  // A fresh instance reads the stored index as a tab's worker does after a reload.
  const index = await SearchIndex.open(deps);
  await index.warmAll();
  const endpoint = createAgentEndpoint({
    registry: createRegistry(searchOperations(index)),
    approve: async () => 'deny',
    version: 'bench',
  });
  return { db, index, endpoint, close: () => db.delete() };
}
