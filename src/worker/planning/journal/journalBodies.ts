import * as Y from 'yjs';
import { BODY_TEXT, COMPACT_AFTER, createDocStore, initialState } from '../../crdt/docStore';
import { spliceText } from '../../crdt/textDiff';
import type { VaultDb } from '../../db/schema';

/**
 * Journal bodies as Yjs documents in the per-vault CRDT store (doc id = entry id), like note
 * bodies: a whole-body save becomes the smallest splice, stored as one update row, so a
 * concurrent edit from another device merges instead of being overwritten. Call inside a rw
 * transaction over journal, crdtUpdates and crdtSnapshots; the caller mirrors the markdown.
 */
export function createJournalBodies(db: VaultDb) {
  const store = createDocStore(db);
  const crdtTables = () => [db.crdtUpdates, db.crdtSnapshots];

  /** Writes `markdown` as the body of `docId` (a new document when it has none); answers its text. */
  async function write(docId: string, markdown: string): Promise<string> {
    const state = await store.loadState(docId);
    if (state === null) {
      await store.append(docId, initialState(markdown));
      return markdown;
    }
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    const before = Y.encodeStateVector(doc);
    let changed = false;
    doc.transact(() => {
      changed = spliceText(doc.getText(BODY_TEXT), markdown);
    });
    const update = Y.encodeStateAsUpdate(doc, before);
    const text = doc.getText(BODY_TEXT).toString();
    doc.destroy();
    if (changed) {
      await store.append(docId, update);
      if ((await store.updateCount(docId)) > COMPACT_AFTER) await store.compact(docId);
    }
    return text;
  }

  return { write, remove: (docId: string) => store.remove(docId), crdtTables };
}

export type JournalBodies = ReturnType<typeof createJournalBodies>;
