import type { ChangeFeed } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';
import { createSearchReasons } from '../search/searchReasons';

/**
 * Search reasons over the `searchReasons` table (v9). Re-indexing is announced on the change
 * feed as a `searchReasons` change of the note: the leader's indexer (searchIndexer.ts) rebuilds
 * that note's document with its reasons, whichever tab added them.
 */
export function createDexieSearchReasons(deps: {
  db: VaultDb;
  feed: ChangeFeed;
  newId: () => string;
  now: () => number;
}) {
  const { db } = deps;
  return createSearchReasons({
    store: {
      list: (noteId) =>
        noteId === undefined
          ? db.searchReasons.toArray()
          : db.searchReasons.where('note_id').equals(noteId).toArray(),
      add: async (reason) => {
        await db.searchReasons.add(reason);
      },
      clear: async (noteId) =>
        noteId === undefined
          ? db.searchReasons.toCollection().delete()
          : db.searchReasons.where('note_id').equals(noteId).delete(),
    },
    noteExists: async (id) => (await db.notes.get(id)) !== undefined,
    reindex: async (noteId) => deps.feed.committed([{ table: 'searchReasons', op: 'put', ids: [noteId] }]),
    newId: deps.newId,
    now: deps.now,
  });
}

export type SearchReasons = ReturnType<typeof createDexieSearchReasons>;
