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
     * `loadState` of many documents in three reads (snapshots, then every update row of them in
     * one index query): a document with no CRDT state is absent from the answer.
     */
    async loadStates(docIds: readonly string[]): Promise<Map<string, Uint8Array>> {
      const parts = new Map<string, Uint8Array[]>();
      if (docIds.length === 0) return new Map();
      const snaps = await db.crdtSnapshots.bulkGet([...docIds]);
      for (const snap of snaps) if (snap) parts.set(snap.docId, [snap.state]);
      const rows = await db.crdtUpdates
        .where('docId')
        .anyOf([...docIds])
        .toArray();
      rows.sort((a, b) => a.seq! - b.seq!);
      for (const r of rows) {
        const list = parts.get(r.docId);
        if (list) list.push(r.update);
        else parts.set(r.docId, [r.update]);
      }
      const out = new Map<string, Uint8Array>();
      for (const [docId, list] of parts) out.set(docId, list.length === 1 ? list[0]! : Y.mergeUpdates(list));
      return out;
    },

    /** `remove` of many documents: their update rows and snapshots. */
    async removeAll(docIds: readonly string[]): Promise<void> {
      if (docIds.length === 0) return;
      await db.crdtUpdates
        .where('docId')
        .anyOf([...docIds])
        .delete();
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
