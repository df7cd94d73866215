import * as Y from 'yjs';
import { BODY_TEXT, createDocStore } from '../crdt/docStore';
import type { VaultDb } from '../db/schema';
import { journalTags, wordCount } from '../domain/journal/journalText';

/**
 * Rewrites a journal row's body mirror (markdown, tags, word count) from its Yjs document, so an
 * entry written on two devices for the same date shows the MERGED text once the other device's
 * body updates arrive (spec: a same-date entry merges, never overwrites). Runs inside the
 * caller's transaction over journal, crdtUpdates and crdtSnapshots; answers whether the row
 * changed. A row without a document keeps its mirror (the document arrives later).
 */
export async function mirrorJournalBody(db: VaultDb, id: string): Promise<boolean> {
  const row = await db.journal.get(id);
  if (!row) return false;
  const state = await createDocStore(db).loadState(id);
  if (state === null) return false;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const markdown = doc.getText(BODY_TEXT).toString();
  doc.destroy();
  if (markdown === row.markdown) return false;
  await db.journal.put({ ...row, markdown, tags: journalTags(markdown), wordCount: wordCount(markdown) });
  return true;
}
