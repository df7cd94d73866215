import Dexie from 'dexie';
import * as Y from 'yjs';
import {
  PACK_SEED_SETTLE_PENDING,
  PACK_SEEDED_PREFIX,
  type PackStorePort,
} from '../../sync/engine/packs/packPorts';
import { BODY_TEXT, createDocStore } from '../crdt/docStore';
import type { VaultDb } from '../db/schema';
import type { NoteBodies } from '../stores/noteBodies';
import { putMark } from './applyRemoteBody';
import { mirrorJournalBody } from './journalMirror';
import { markPulled } from './pulledTransactions';

/**
 * The pack bootstrap's store (spec 3.7 steps 4-6) over the vault's CRDT tables and `syncState`.
 * A seeded body goes in as a remote update in a pulled transaction: merged through the editor's
 * store when its note row exists, else kept as raw CRDT state that the note's record adopts when
 * it arrives (pulledBody.ts); the document is never seeded from local markdown.
 */
export function createPackStore(db: VaultDb, bodies: Pick<NoteBodies, 'applyUpdate'>): PackStorePort {
  const store = createDocStore(db);
  return {
    commit: (seeded, state) =>
      db.transaction('rw', db.tables, async () => {
        markPulled(Dexie.currentTransaction);
        const noteIds = new Set(
          (await db.notes.bulkGet(seeded.map((b) => b.docId))).flatMap((n) => (n ? [n.id] : [])),
        );
        const raw: { docId: string; update: Uint8Array }[] = [];
        for (const b of seeded) {
          await putMark(db, b.docId, b.mark);
          if (!noteIds.has(b.docId)) {
            raw.push({ docId: b.docId, update: b.state });
            continue;
          }
          const res = await bodies.applyUpdate(b.docId, b.state);
          if (!res.ok) throw new Error(`seeding a note body failed: ${res.error.message}`);
        }
        if (raw.length > 0) await db.crdtUpdates.bulkAdd(raw);
        // a journal entry's row mirrors its document
        for (const r of raw) await mirrorJournalBody(db, r.docId);
        await db.syncState.bulkPut([
          ...seeded.map((b) => ({ key: `${PACK_SEEDED_PREFIX}${b.docId}`, value: true })),
          ...(seeded.length > 0 ? [{ key: PACK_SEED_SETTLE_PENDING, value: true }] : []),
          ...state.map((r) => ({ key: r.key, value: r.value })),
        ]);
      }),
    seededIds: async () =>
      (await db.syncState.where('key').startsWith(PACK_SEEDED_PREFIX).primaryKeys()).map((k) =>
        String(k).slice(PACK_SEEDED_PREFIX.length),
      ),
    settle: (docIds) =>
      db.transaction('rw', db.tables, async () => {
        markPulled(Dexie.currentTransaction);
        const dropped: string[] = [];
        const purged: string[] = [];
        for (const id of docIds) {
          const note = await db.notes.get(id);
          const journal = note ? undefined : await db.journal.get(id);
          if (!note && !journal) {
            // the pull brought no row: a note deleted since its snapshot was packed
            await store.remove(id);
            await db.crdtMarks.delete(id);
            purged.push(id);
          } else {
            const state = await store.loadState(id);
            const text = state ? textOf(state) : '';
            if (text === '') {
              // never written over the record's text; the baseline is fetched again instead
              await db.crdtMarks.delete(id);
              dropped.push(id);
            } else if (journal) await mirrorJournalBody(db, id);
            else if ((await db.bodies.get(id))?.markdown !== text)
              await db.bodies.put({ id, markdown: text });
          }
          await db.syncState.delete(`${PACK_SEEDED_PREFIX}${id}`);
        }
        return { dropped, purged };
      }),
  };
}

function textOf(state: Uint8Array): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const text = doc.getText(BODY_TEXT).toString();
  doc.destroy();
  return text;
}
