import Dexie from 'dexie';
import * as Y from 'yjs';
import { AppFailure, ok, type Result } from '../../shared/result';
import type { ChannelPort } from '../changes/changeFeed';
import { BODY_TEXT, COMPACT_AFTER, createDocStore, initialState } from '../crdt/docStore';
import { createLoadedDocs } from '../crdt/loadedDocs';
import { spliceText } from '../crdt/textDiff';
import { rowsWithAnyOf } from '../db/rowsWithAnyOf';
import type { NoteRow, VaultDb } from '../db/schema';
import { isTrashed, withBody } from '../domain/trash/noteTrash';
import { startsBurst } from '../domain/versions/retention';
import { headerOfRow, sameHeader } from '../links/headerOfRow';
import { createLinkIndex } from '../links/linkIndex';
import type { VaultServices } from '../vault/services';
import { createNoteDerivation } from './noteDerivation';
import { deriveText } from './noteText';
import { createNoteVersions, type VersionReason } from './noteVersions';

export type DocUpdateListener = (docId: string, update: Uint8Array) => void;

/**
 * The tables one body write touches. A caller that wraps a body write in its own transaction
 * (the sync engine's applyRemoteBody) must open it over these, so that the links commit with the
 * body; a parent transaction without `links` still works, and the links follow in a transaction
 * of their own right after it.
 */
export const noteBodyTables = (db: VaultDb) => [
  db.notes,
  db.bodies,
  db.crdtUpdates,
  db.crdtSnapshots,
  db.noteVersions,
  db.links,
  db.derivePending,
];

/**
 * Note bodies as Yjs documents. Every change, whether typed in an editor (an update) or a
 * whole-text replacement (an operation, a restore, an import), is stored as an update row in
 * the SAME transaction as the markdown mirror (bodies) and the note's derived fields, so search
 * and reads always see what the document says. After commit the update goes to the other tabs,
 * whose editors merge it character by character.
 */
export function createNoteBodies(s: VaultServices, channel: ChannelPort | null) {
  const { db, feed, now } = s;
  const versions = createNoteVersions(db, now, s.newId);
  const store = createDocStore(db);
  const loaded = createLoadedDocs();
  const listeners = new Set<DocUpdateListener>();
  const links = createLinkIndex(db);
  // When this tab last typed into each note: the first keystroke after a pause ends the previous
  // burst, and the text it left becomes a version (domain/versions/retention.ts).
  const lastKeystroke = new Map<string, number>();
  const announceLinks = (ids: string[]) => feed.committed([{ table: 'links', op: 'put', ids }]);
  const derivation = createNoteDerivation({ db, feed, links, now });
  // Notes typed into when a tab closed before their derived data caught up (noteDerivation.ts).
  setTimeout(() => {
    if (db.isOpen()) void derivation.settleAll().catch((err) => console.error('derive', err));
  }, 1000);

  // Headers written where this index was not told (another tab, the sync engine): re-resolve.
  feed.subscribe((batch) => {
    const ids = batch.changes.filter((c) => c.table === 'notes').flatMap((c) => c.ids);
    if (ids.length > 0) links.reconcile(ids).then(announceLinks, (err) => console.error('links', err));
  });

  channel?.addEventListener('message', (e) => {
    const { docId, update } = (e.data ?? {}) as { docId?: unknown; update?: unknown };
    if (typeof docId !== 'string' || !(update instanceof Uint8Array)) return;
    const doc = loaded.get(docId);
    if (doc) Y.applyUpdate(doc, update, 'tab');
    for (const l of listeners) l(docId, update);
  });

  /**
   * The loaded document, read from the store. Call inside a rw transaction over crdt, notes and
   * bodies. A note with no CRDT state is seeded from its markdown only when it HAS local markdown
   * (a note written before bodies were documents: its text exists only here). A note with no
   * local text gets no seed: its text, if any, is on the sync service (a pulled note gets the
   * empty baseline when it arrives, sync/pulledBody.ts), and an empty document merges with it
   * unchanged, where a seed of the same text by this device would show it twice.
   */
  async function docFor(docId: string): Promise<Y.Doc> {
    const held = loaded.get(docId);
    if (held) return held;
    let state = await store.loadState(docId);
    if (state === null) {
      const markdown = (await db.bodies.get(docId))?.markdown ?? '';
      state = initialState(markdown);
      if (markdown !== '') await store.append(docId, state);
    }
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    loaded.set(docId, doc);
    return doc;
  }

  /**
   * A keystroke of this tab's editor: the markdown mirror (reads and read-modify-write
   * operations see the text at once) and, only when one is due, a version; the derived data
   * follows once typing pauses (noteDerivation.ts).
   */
  async function mirrorKeystroke(row: NoteRow, markdown: string): Promise<void> {
    const t = now();
    const burstStart = startsBurst(lastKeystroke.get(row.id) ?? null, t);
    lastKeystroke.set(row.id, t);
    await versions.keepBefore(
      row.id,
      row.title,
      async () => (await db.bodies.get(row.id))?.markdown ?? '',
      'edit',
      burstStart,
    );
    await db.bodies.put({ id: row.id, markdown });
    await derivation.markInTx(row.id);
  }

  /** Writes the markdown mirror, the derived fields and (when `linkIds` is given) the note's links. */
  async function mirror(
    row: NoteRow,
    markdown: string,
    reason: VersionReason,
    linkIds: string[] | null,
  ): Promise<NoteRow> {
    const old = (await db.bodies.get(row.id))?.markdown ?? '';
    await versions.keepBefore(row.id, row.title, old, reason);
    const next = withBody(row, deriveText(markdown), now());
    await db.notes.put(next);
    await db.bodies.put({ id: row.id, markdown });
    // derived here and now: a keystroke's pending derivation has nothing left to do
    if (Dexie.currentTransaction?.storeNames.includes('derivePending')) await db.derivePending.delete(row.id);
    // a note in the Trash resolves no link and has no outgoing ones: its restore writes them
    if (linkIds && !isTrashed(next)) {
      const before = headerOfRow(row);
      const after = headerOfRow(next);
      if (!sameHeader(before, after)) linkIds.push(...(await links.headersChangedInTx([{ before, after }])));
      linkIds.push(...(await links.writeOutgoingInTx(next, markdown)));
    }
    return next;
  }

  /** Applies `change` to the document in one transaction; on commit, tells the other tabs. */
  async function write(
    docId: string,
    reason: VersionReason,
    change: (doc: Y.Doc) => Uint8Array | null,
  ): Promise<Result<NoteRow>> {
    const updates: Uint8Array[] = [];
    const parent = Dexie.currentTransaction;
    const linkIds = parent && !parent.storeNames.includes('links') ? null : ([] as string[]);
    // Only this tab's own typing defers its derivation: a body pulled by sync (in the engine's
    // transaction, marked pulled) derives at once, so no later local write re-sends the row.
    const deferred = reason === 'edit' && !parent;
    try {
      const inScope = (t: { name: string }) => !parent || parent.storeNames.includes(t.name);
      const tables = noteBodyTables(db).filter((t) => (linkIds || t !== db.links) && inScope(t));
      const row = await db.transaction('rw', tables, async () => {
        const note = await db.notes.get(docId);
        if (!note)
          throw new AppFailure({ code: 'NOT_FOUND', message: `No note with id "${docId}".`, field: 'id' });
        const doc = await docFor(docId);
        const update = change(doc);
        if (update === null) return note;
        updates.push(update);
        await store.append(docId, update);
        if ((await store.updateCount(docId)) > COMPACT_AFTER) await store.compact(docId);
        const markdown = doc.getText(BODY_TEXT).toString();
        if (!deferred) return mirror(note, markdown, reason, linkIds);
        await mirrorKeystroke(note, markdown);
        return note;
      });
      links.settle();
      if (updates.length > 0 && linkIds === null) {
        // Runs after the parent transaction (overlapping scope), so it reads what that committed.
        setTimeout(() => {
          links.refreshOutgoing(docId).then(announceLinks, (err) => console.error('links', err));
        }, 0);
      }
      if (updates.length > 0 && deferred) {
        for (const u of updates) channel?.postMessage({ docId, update: u });
        derivation.schedule(docId);
        return ok(row);
      }
      if (updates.length > 0) {
        for (const u of updates) {
          channel?.postMessage({ docId, update: u });
          // This tab's editor made an 'edit' itself; anything else (an operation, a restore) it must receive.
          if (reason !== 'edit') for (const l of listeners) l(docId, u);
        }
        feed.committed([
          { table: 'notes', op: 'put', ids: [docId] },
          { table: 'links', op: 'put', ids: [...new Set(linkIds ?? [])] },
        ]);
      }
      return ok(row);
    } catch (err) {
      loaded.drop(docId); // the in-memory doc may hold what did not commit: reload it next time
      await links.rollback();
      if (err instanceof AppFailure) return { ok: false, error: err.error };
      throw err;
    }
  }

  /**
   * The stored CRDT state (snapshot, then updates in order) of each of these notes that is not
   * loaded in memory; a note with none is absent. Inside a transaction over the crdt tables.
   */
  async function storedStatesInTx(ids: readonly string[]): Promise<Map<string, Uint8Array[]>> {
    const cold = ids.filter((id) => !loaded.get(id));
    const [snaps, updateRows] = await Promise.all([
      db.crdtSnapshots.bulkGet(cold),
      rowsWithAnyOf(db.crdtUpdates, 'docId', cold),
    ]);
    const stored = new Map<string, Uint8Array[]>();
    cold.forEach((id, i) => {
      const snap = snaps[i];
      if (snap) stored.set(id, [snap.state]);
    });
    updateRows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    for (const r of updateRows) stored.set(r.docId, [...(stored.get(r.docId) ?? []), r.update]);
    return stored;
  }

  return {
    storedStatesInTx,

    /** Brings every typed-into note's derived data up to date now (tests, benches, closing). */
    settleDerived: () => derivation.settleAll(),

    /** The document's whole state, for an editor to start from. */
    async open(docId: string): Promise<Result<Uint8Array>> {
      try {
        const tables = [db.notes, db.bodies, db.crdtUpdates, db.crdtSnapshots];
        const state = await db.transaction('rw', tables, async () => {
          if (!(await db.notes.get(docId))) {
            throw new AppFailure({
              code: 'NOT_FOUND',
              message: `No note with id "${docId}".`,
              field: 'id',
            });
          }
          return Y.encodeStateAsUpdate(await docFor(docId));
        });
        return ok(state);
      } catch (err) {
        if (err instanceof AppFailure) return { ok: false, error: err.error };
        throw err;
      }
    },

    /** An update made by this tab's editor. Applying it twice is harmless (Yjs updates are idempotent). */
    applyUpdate(docId: string, update: Uint8Array) {
      return write(docId, 'edit', (doc) => {
        // Yjs emits 'update' only when the update changed the document (insertions or deletions);
        // one still waiting for a missing dependency is kept too, so that it is never lost.
        let changed = false;
        const mark = () => {
          changed = true;
        };
        doc.on('update', mark);
        Y.applyUpdate(doc, update, 'editor');
        doc.off('update', mark);
        return changed || doc.store.pendingStructs !== null || doc.store.pendingDs !== null ? update : null;
      });
    },

    /**
     * Replaces the whole text with the smallest splice, merging with concurrent edits. The text
     * it replaces is kept as a version first (reason: who replaced it).
     */
    replaceText(docId: string, markdown: string, reason: VersionReason = 'agent') {
      return write(docId, reason, (doc) => {
        let update: Uint8Array | null = null;
        const capture = (u: Uint8Array) => {
          update = update ? Y.mergeUpdates([update, u]) : u;
        };
        doc.on('update', capture);
        doc.transact(() => spliceText(doc.getText(BODY_TEXT), markdown), 'replace');
        doc.off('update', capture);
        return update;
      });
    },

    /**
     * Applies text edits (non-overlapping ranges of each note's current text) as CRDT operations,
     * for many notes at once, inside the caller's rw transaction over every note table (a rename
     * rewriting its backlinks: one change). Each edit is its own delete/insert at its place, so
     * typing elsewhere in the note on another device merges untouched. Batched (one read of the
     * stored states, one write of the updates, rows and mirrors) for a note with 1,000
     * backlinks. No version is kept: a rename is undone by renaming back. Compaction waits for the
     * note's next write. The caller writes the notes' link rows (it knows which links it
     * changed). Answers the notes written with their new text, and a `publish` to call after the
     * caller's transaction commits (the updates reach the other tabs and this tab's editors then).
     */
    async editManyInTx(
      items: readonly {
        id: string;
        /** the note's row, when the caller read it in this transaction (else it is read here) */
        row?: NoteRow;
        edits: readonly { start: number; end: number; insert: string }[];
      }[],
      /** `storedStatesInTx` of these notes, when the caller read them earlier in this transaction */
      states?: ReadonlyMap<string, Uint8Array[]>,
    ): Promise<{ written: { row: NoteRow; markdown: string }[]; publish: () => void }> {
      const todo = items.filter((i) => i.edits.length > 0);
      const ids = todo.map((i) => i.id);
      const given = todo.every((i) => i.row !== undefined);
      const rows = given ? todo.map((i) => i.row) : await db.notes.bulkGet(ids);
      const stored = states ?? (await storedStatesInTx(ids));
      const made: { docId: string; update: Uint8Array }[] = [];
      const nextRows: NoteRow[] = [];
      const mirrors: { id: string; markdown: string }[] = [];
      for (const [i, item] of todo.entries()) {
        const row = rows[i];
        if (!row) continue;
        const held = loaded.get(item.id);
        const parts = stored.get(item.id);
        // a note without CRDT state (written before bodies were documents) takes the usual path
        const doc = held ?? (parts ? new Y.Doc() : await docFor(item.id));
        if (!held && parts) Y.applyUpdate(doc, parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts));
        let update: Uint8Array | null = null;
        const capture = (u: Uint8Array) => {
          update = update ? Y.mergeUpdates([update, u]) : u;
        };
        doc.on('update', capture);
        doc.transact(() => {
          const text = doc.getText(BODY_TEXT);
          for (const e of [...item.edits].sort((a, b) => b.start - a.start)) {
            if (e.end > e.start) text.delete(e.start, e.end - e.start);
            if (e.insert !== '') text.insert(e.start, e.insert);
          }
        }, 'links');
        doc.off('update', capture);
        const markdown = doc.getText(BODY_TEXT).toString();
        if (!held && parts) doc.destroy(); // not kept: a thousand documents would churn the cache
        const u = update as Uint8Array | null;
        if (u === null) continue;
        made.push({ docId: item.id, update: u });
        nextRows.push(row);
        mirrors.push({ id: item.id, markdown });
      }
      const done = made.map((m) => m.docId);
      // Issued together: IndexedDB runs them in order while this thread goes on. The rows'
      // derived fields (snippet, word count, modified) follow after commit, as after typing: the
      // marks are written here, so a crash before that leaves them for the next start.
      await Promise.all([
        db.crdtUpdates.bulkAdd(made.map(({ docId, update }) => ({ docId, update }))),
        db.bodies.bulkPut(mirrors),
        derivation.markManyInTx(done),
      ]);
      return {
        written: nextRows.map((row, i) => ({ row, markdown: mirrors[i]!.markdown })),
        publish: () => {
          derivation.scheduleMany(done);
          for (const { docId, update } of made) {
            channel?.postMessage({ docId, update });
            for (const l of listeners) l(docId, update);
          }
        },
      };
    },

    /** Call after a transaction that used editManyInTx failed: the in-memory documents may hold what did not commit. */
    forget(docIds: readonly string[]): void {
      for (const id of docIds) loaded.drop(id);
    },

    /** The first state of a new note; call inside the creating transaction. */
    async create(docId: string, markdown: string): Promise<void> {
      await store.append(docId, initialState(markdown));
    },

    /** `create` for many new notes at once (an import batch): one bulk write of their first states. */
    async createMany(items: readonly { id: string; markdown: string }[]): Promise<void> {
      if (items.length === 0) return;
      await db.crdtUpdates.bulkAdd(items.map((i) => ({ docId: i.id, update: initialState(i.markdown) })));
    },

    /** Call inside the deleting transaction (over crdt tables and noteVersions). */
    async remove(docId: string): Promise<void> {
      loaded.drop(docId);
      await store.remove(docId);
      await versions.removeAll(docId);
    },

    versions,

    /** This worker's link index (the `links` table and the resolver); notesStore writes through it. */
    links,

    /** Restores a version: the current text becomes a version, then the old text comes back. */
    async restoreVersion(versionId: string): Promise<Result<NoteRow>> {
      const v = await versions.get(versionId);
      if (!v)
        return {
          ok: false,
          error: { code: 'NOT_FOUND', message: `No version with id "${versionId}".`, field: 'versionId' },
        };
      return this.replaceText(v.noteId, v.markdown, 'restore');
    },

    onUpdate(listener: DocUpdateListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NoteBodies = ReturnType<typeof createNoteBodies>;
