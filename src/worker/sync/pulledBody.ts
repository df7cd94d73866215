import * as Y from 'yjs';
import { BODY_TEXT, createDocStore, initialState } from '../crdt/docStore';
import type { VaultDb } from '../db/schema';
import { mirrorJournalBody } from './journalMirror';

/**
 * A note or journal entry that has just arrived from the service (a row new on this device).
 * Its text lives on the service as a CRDT document, which may come later than the record (a
 * later page, a body push that failed on the author's device). Until then the document must
 * never be seeded from local text: a journal record carries its markdown mirror, and a document
 * seeded from it by this device's client holds the same text again, so the merge with the real
 * body would show it twice (issue 7 lesson: "never seed a note body from local markdown over a
 * CRDT state"). So the document starts here from the EMPTY baseline (no Yjs structs, merges with
 * anything unchanged), and the row's mirror shows what the document holds: nothing yet, or the
 * body that arrived before its record. Call inside the pulled transaction that stored the row
 * (over the CRDT tables, `bodies` and `journal`); nothing here is queued (a pulled transaction).
 */
export async function adoptPulledBody(
  db: VaultDb,
  type: 'note' | 'journal',
  id: string,
  /** the document's state when the caller read it already in this transaction (null: none) */
  known?: Uint8Array | null,
): Promise<void> {
  const store = createDocStore(db);
  const state = known === undefined ? await store.loadState(id) : known;
  if (state === null) await store.append(id, initialState(''));
  if (type === 'journal') {
    await mirrorJournalBody(db, id);
    return;
  }
  if (state !== null) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    await db.bodies.put({ id, markdown: doc.getText(BODY_TEXT).toString() });
    doc.destroy();
  }
}
