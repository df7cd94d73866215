import Dexie from 'dexie';
import type { VaultDb } from '../db/schema';
import type { NoteBodies } from '../stores/noteBodies';
import { mirrorJournalBody } from './journalMirror';
import { markPulled } from './pulledTransactions';

/**
 * Merges a remote Yjs update into a note body through the SAME store the editor uses
 * (noteBodies.applyUpdate: CRDT rows, markdown mirror, versions, other tabs told), inside a
 * transaction marked pulled so the outbox does not send it back. A body whose note row has not
 * arrived (or a journal body) is stored as a raw CRDT update: the document picks it up when it
 * is next loaded, and nothing is discarded; a journal entry's row mirror is rewritten at once. The sync engine owns its own NoteBodies instance on
 * the vault's CRDT channel, so the store's post-commit broadcast reaches every tab's editors,
 * this tab's included.
 */
export async function applyRemoteBody(
  db: VaultDb,
  bodies: Pick<NoteBodies, 'applyUpdate'>,
  docId: string,
  update: Uint8Array,
): Promise<void> {
  // every table: the store's mirror also rewrites derived rows (links, search) of other features
  await db.transaction('rw', db.tables, async () => {
    markPulled(Dexie.currentTransaction);
    if (!(await db.notes.get(docId))) {
      await db.crdtUpdates.add({ docId, update });
      // a journal entry's row mirrors its document: show the merged text now
      await mirrorJournalBody(db, docId);
      return;
    }
    const res = await bodies.applyUpdate(docId, update);
    if (!res.ok) throw new Error(`applying a remote body update failed: ${res.error.message}`);
  });
}
