import type { VaultDb } from '../db/schema';
import type { SearchStore } from '../search/searchStore';

/**
 * The search index's storage port over one Dexie table. `write` is one transaction, so an index
 * update lands whole or not at all (the guarantee SearchStore documents).
 */
export function createDexieSearchStore(db: VaultDb): SearchStore {
  return {
    async get(keys) {
      const rows = await db.searchChunks.bulkGet([...keys]);
      const out = new Map<string, string>();
      for (const row of rows) if (row) out.set(row.key, row.value);
      return out;
    },
    async write(puts, deletes) {
      await db.transaction('rw', db.searchChunks, async () => {
        if (deletes.length > 0) await db.searchChunks.bulkDelete([...deletes]);
        if (puts.size > 0) await db.searchChunks.bulkPut([...puts].map(([key, value]) => ({ key, value })));
      });
    },
    async keys(prefix) {
      return (await db.searchChunks.where('key').startsWith(prefix).primaryKeys()) as string[];
    },
    async clear() {
      await db.searchChunks.clear();
    },
  };
}
