import 'fake-indexeddb/auto';
import { openVaultDb, type VaultDb } from '../../src/worker/db/schema';
import { createDexieSearchStore } from '../../src/worker/indexing/dexieSearchStore';
import { createNoteTexts, loadAllSearchDocs } from '../../src/worker/indexing/searchDocs';
import { createRegistry } from '../../src/worker/ops/registry';
import { searchOperations } from '../../src/worker/ops/search';
import { SearchIndex } from '../../src/worker/search/searchIndex';
import { type AgentEndpoint, createAgentEndpoint } from '../../src/worker/tools/agentEndpoint';
import { benchNotes } from './benchVaultRows';

// The /mcp bench's vault (tests/bench/benchVaultRows.ts) outside the browser: the same notes,
// written to the real Dexie schema on fake-indexeddb, indexed and queried by the real worker code
// (Dexie search store, native-read note texts, the search operations, the agent endpoint).
export { BENCH_QUERIES, BENCH_WORDS, benchNotes } from './benchVaultRows';

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
