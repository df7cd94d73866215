import * as Y from 'yjs';
import type { VaultDb } from '../db/schema';

/** The Y.Text that holds a note's (or journal entry's) whole markdown source. */
export const BODY_TEXT = 'markdown';
/** Compact a document once it has this many stored updates. */
export const COMPACT_AFTER = 200;

/**
 * The per-vault CRDT store in Dexie: append-only update rows plus at most one compacted
 * snapshot per document. Guarantees: an update is never discarded (compaction merges, in one
 * transaction, exactly the rows it deletes); reading a document = snapshot + every later update.
 * Every method must run inside a transaction that includes crdtUpdates and crdtSnapshots.
 */
export function createDocStore(db: VaultDb) {
  return {
    /** The document's whole state as one update, or null when it has no CRDT state at all. */
    async loadState(docId: string): Promise<Uint8Array | null> {
      const snap = await db.crdtSnapshots.get(docId);
      const rows = await db.crdtUpdates.where('docId').equals(docId).sortBy('seq');
      const parts = [...(snap ? [snap.state] : []), ...rows.map((r) => r.update)];
      if (parts.length === 0) return null;
      return parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts);
    },

    /**
     * `loadState` of many documents, their reads all in flight together (one bulk read of the
     * snapshots, one index read per document): a document with no CRDT state is absent from the
     * answer. Not one `anyOf` query: fake-indexeddb (the Node tests and benches) walks its index
     * from the start for every key of one, 8.6 s for 256 keys over 10,000 rows, where 256
     * equality reads take 0.2 s; a browser's IndexedDB is fast either way.
     */
    async loadStates(docIds: readonly string[]): Promise<Map<string, Uint8Array>> {
      if (docIds.length === 0) return new Map();
      const [snaps, rows] = await Promise.all([
        db.crdtSnapshots.bulkGet([...docIds]),
        Promise.all(docIds.map((id) => db.crdtUpdates.where('docId').equals(id).sortBy('seq'))),
      ]);
      const out = new Map<string, Uint8Array>();
      for (const [i, docId] of docIds.entries()) {
        const snap = snaps[i];
        const parts = [...(snap ? [snap.state] : []), ...rows[i]!.map((r) => r.update)];
        if (parts.length > 0) out.set(docId, parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts));
      }
      return out;
    },

    /** `remove` of many documents: their update rows and snapshots. */
    async removeAll(docIds: readonly string[]): Promise<void> {
      if (docIds.length === 0) return;
      await Promise.all(docIds.map((id) => db.crdtUpdates.where('docId').equals(id).delete()));
      await db.crdtSnapshots.bulkDelete([...docIds]);
    },

    async append(docId: string, update: Uint8Array): Promise<void> {
      await db.crdtUpdates.add({ docId, update });
    },

    async updateCount(docId: string): Promise<number> {
      return db.crdtUpdates.where('docId').equals(docId).count();
    },

    /** Merges the snapshot and every stored update into one snapshot, and deletes those updates. */
    async compact(docId: string): Promise<void> {
      const rows = await db.crdtUpdates.where('docId').equals(docId).sortBy('seq');
      if (rows.length === 0) return;
      const snap = await db.crdtSnapshots.get(docId);
      const state = Y.mergeUpdates([...(snap ? [snap.state] : []), ...rows.map((r) => r.update)]);
      const coveredSeq = rows.at(-1)!.seq!;
      await db.crdtSnapshots.put({ docId, state, coveredSeq });
      await db.crdtUpdates.bulkDelete(rows.map((r) => r.seq!));
    },

    async remove(docId: string): Promise<void> {
      await db.crdtUpdates.where('docId').equals(docId).delete();
      await db.crdtSnapshots.delete(docId);
    },
  };
}

export type DocStore = ReturnType<typeof createDocStore>;

/** A fresh document holding `markdown`: the first state of a new note. */
export function initialState(markdown: string): Uint8Array {
  const doc = new Y.Doc();
  if (markdown !== '') doc.getText(BODY_TEXT).insert(0, markdown);
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}
