import Dexie from 'dexie';
import * as Y from 'yjs';
import {
  PACK_SEED_SETTLE_PENDING,
  PACK_SEEDED_PREFIX,
  type PackStorePort,
} from '../../sync/engine/packs/packPorts';
import type { BodyMark } from '../../sync/engine/ports';
import { BODY_TEXT, createDocStore } from '../crdt/docStore';
import type { VaultDb } from '../db/schema';
import type { NoteBodies } from '../stores/noteBodies';
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
    // Bulk reads and writes (one request per table where IndexedDB allows): a page is up to 100
    // bodies, and per-body requests were most of a fresh device's seed time.
    commit: (seeded, state) =>
      db.transaction('rw', db.tables, async () => {
        markPulled(Dexie.currentTransaction);
        const ids = seeded.map((b) => b.docId);
        const [notes, journals, oldMarks] = await Promise.all([
          db.notes.bulkGet(ids),
          db.journal.bulkGet(ids),
          db.crdtMarks.bulkGet(ids),
        ]);
        const noteIds = new Set(notes.flatMap((n) => (n ? [n.id] : [])));
        // a page may name a doc twice (two packs' copies): its mark moves with each, in order
        const marks = new Map<string, BodyMark>();
        for (const m of oldMarks)
          if (m) marks.set(m.docId, { appliedSeq: m.appliedSeq, revision: m.revision });
        for (const b of seeded) marks.set(b.docId, nextMark(marks.get(b.docId), b.mark));
        await db.crdtMarks.bulkPut([...marks].map(([docId, m]) => ({ docId, ...m })));
        const raw: { docId: string; update: Uint8Array }[] = [];
        for (const b of seeded) {
          if (!noteIds.has(b.docId)) {
            raw.push({ docId: b.docId, update: b.state });
            continue;
          }
          const res = await bodies.applyUpdate(b.docId, b.state);
          if (!res.ok) throw new Error(`seeding a note body failed: ${res.error.message}`);
        }
        if (raw.length > 0) await db.crdtUpdates.bulkAdd(raw);
        // a journal entry's row mirrors its document
        for (const j of journals) if (j && !noteIds.has(j.id)) await mirrorJournalBody(db, j.id);
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
        const [notes, journals, mirrors, states] = await Promise.all([
          db.notes.bulkGet([...docIds]),
          db.journal.bulkGet([...docIds]),
          db.bodies.bulkGet([...docIds]),
          store.loadStates(docIds),
        ]);
        const texts: { id: string; markdown: string }[] = [];
        const journalIds: string[] = [];
        for (const [i, id] of docIds.entries()) {
          if (!notes[i] && !journals[i]) {
            // the pull brought no row: a note deleted since its snapshot was packed
            purged.push(id);
            continue;
          }
          const state = states.get(id);
          const text = state ? textOf(state) : '';
          // never written over the record's text; the baseline is fetched again instead
          if (text === '') dropped.push(id);
          else if (!notes[i]) journalIds.push(id);
          else if (mirrors[i]?.markdown !== text) texts.push({ id, markdown: text });
        }
        await store.removeAll(purged);
        await db.crdtMarks.bulkDelete([...purged, ...dropped]);
        if (texts.length > 0) await db.bodies.bulkPut(texts);
        for (const id of journalIds) await mirrorJournalBody(db, id);
        await db.syncState.bulkDelete(docIds.map((id) => `${PACK_SEEDED_PREFIX}${id}`));
        return { dropped, purged };
      }),
  };
}

/** appliedSeq only grows; a null revision keeps the one recorded (as putMark). */
function nextMark(old: BodyMark | undefined, mark: BodyMark): BodyMark {
  return {
    appliedSeq: Math.max(old?.appliedSeq ?? 0, mark.appliedSeq),
    revision: mark.revision ?? old?.revision ?? null,
  };
}

function textOf(state: Uint8Array): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const text = doc.getText(BODY_TEXT).toString();
  doc.destroy();
  return text;
}
