import Dexie from 'dexie';
import type { BodyMark, BodyPort, UploadInfo } from '../../sync/engine/ports';
import { clockKey } from '../../sync/engine/queue/queueKeys';
import { createDocStore } from '../crdt/docStore';
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
 * this tab's included. With `mark`, the body's mark moves in the same transaction.
 */
export async function applyRemoteBody(
  db: VaultDb,
  bodies: Pick<NoteBodies, 'applyUpdate'>,
  docId: string,
  update: Uint8Array,
  mark?: BodyMark,
): Promise<void> {
  // every table: the store's mirror also rewrites derived rows (links, search) of other features
  await db.transaction('rw', db.tables, async () => {
    markPulled(Dexie.currentTransaction);
    if (mark) await putMark(db, docId, mark);
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

/** appliedSeq only grows; a null revision keeps the one recorded. */
export async function putMark(db: VaultDb, docId: string, mark: BodyMark): Promise<void> {
  const old = await db.crdtMarks.get(docId);
  await db.crdtMarks.put({
    docId,
    appliedSeq: Math.max(old?.appliedSeq ?? 0, mark.appliedSeq),
    revision: mark.revision ?? old?.revision ?? null,
  });
}

/**
 * The body port of the engine over this vault's CRDT store. `installDeviceId` names this install
 * in clocks: a note whose clock names nobody else was created here, so the service can hold no
 * body of it from another device, and its first upload may be a snapshot.
 */
export function createBodyPort(
  db: VaultDb,
  bodies: Pick<NoteBodies, 'applyUpdate'>,
  installDeviceId: string,
  /** after a remote update committed (views that mirror a body refresh) */
  afterApply?: (docId: string) => Promise<void>,
): BodyPort {
  const store = createDocStore(db);
  return {
    async applyRemote(docId, update, mark) {
      await applyRemoteBody(db, bodies, docId, update, mark);
      await afterApply?.(docId);
    },
    uploadInfo: (docIds) =>
      db.transaction(
        'r',
        [db.crdtUpdates, db.crdtSnapshots, db.crdtMarks, db.notes, db.syncClocks],
        async () => {
          const out = new Map<string, UploadInfo>();
          for (const docId of docIds) {
            const state = await store.loadState(docId);
            if (!state) continue;
            const mark = (await db.crdtMarks.get(docId)) ?? null;
            const note = await db.notes.get(docId);
            const clock = (await db.syncClocks.get(clockKey('note', docId)))?.clock ?? {};
            const localOrigin = note !== undefined && Object.keys(clock).every((d) => d === installDeviceId);
            out.set(docId, {
              state,
              mark: mark && { appliedSeq: mark.appliedSeq, revision: mark.revision },
              localOrigin,
            });
          }
          return out;
        },
      ),
    bodyIds: () =>
      db.transaction('r', [db.notes, db.journal], async () => {
        const notes = await db.notes.filter((n) => n.localOnly !== true).primaryKeys();
        const journal = await db.journal.toCollection().primaryKeys();
        return [...notes, ...journal];
      }),
    async markOf(docId) {
      const mark = await db.crdtMarks.get(docId);
      return mark ? { appliedSeq: mark.appliedSeq, revision: mark.revision } : null;
    },
    async marksOf(docIds) {
      const rows = await db.crdtMarks.bulkGet([...docIds]);
      const out = new Map<string, BodyMark>();
      for (const m of rows) if (m) out.set(m.docId, { appliedSeq: m.appliedSeq, revision: m.revision });
      return out;
    },
    setMarks: (marks) =>
      db.transaction('rw', db.crdtMarks, async () => {
        for (const { docId, mark } of marks) await putMark(db, docId, mark);
      }),
  };
}
