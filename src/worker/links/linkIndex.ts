import type { NoteRow, StoredLinkRow } from '../db/notesTables';
import { keysWithAnyOf, rowsWithAnyOf } from '../db/rowsWithAnyOf';
import type { VaultDb } from '../db/schema';
import { splitFrontmatter } from '../domain/notes/frontmatter/splitFrontmatter';
import { LinkResolver } from '../domain/notes/links/linkResolver';
import { type LinkRow, linkRowsOf, reresolveRows } from '../domain/notes/links/linkRows';
import type { NoteHeader } from '../domain/notes/noteHeader';
import { liveNote } from '../domain/trash/noteTrash';
import { headerOfRow, sameHeader } from './headerOfRow';

/** A change of one note's header: created (no before), renamed/moved (both), deleted (no after). */
export interface HeaderChange {
  before?: NoteHeader;
  after?: NoteHeader;
}

/**
 * Link rows the caller already read in the same transaction: every stored row whose `to_id` is
 * one of `toIds` (a rename's preparation reads them to find the linking notes).
 */
export interface KnownRows {
  toIds: ReadonlySet<string>;
  rows: readonly StoredLinkRow[];
}

/**
 * The persisted `links` table and the in-memory LinkResolver of this worker (every note header,
 * about 100 bytes each). The `*InTx` methods must run inside the caller's rw transaction over
 * `notes` and `links`: the rows they write commit or roll back with the body or header change
 * that caused them. They return the ids of notes whose outgoing or incoming links changed (for
 * the change feed's `links` entry).
 *
 * The resolver is updated inside the transaction; when that transaction fails the caller calls
 * `rollback()`, which reloads the touched headers from the database. Headers written elsewhere
 * (another tab, the sync engine) reach it through `reconcile(ids)` from the change feed; and a
 * body's links are checked against the database before they are stored (`freshen`), so a header
 * this worker has not heard of yet never leaves a link wrongly resolved.
 */
export function createLinkIndex(db: VaultDb) {
  const resolver = new LinkResolver();
  let loaded = false;
  const touched = new Set<string>();

  async function ensureLoaded(): Promise<void> {
    if (loaded) return;
    const rows = await db.notes.toArray();
    if (loaded) return;
    // a trashed note resolves no link (docs/trash.md)
    for (const row of rows) if (liveNote(row)) resolver.upsert(headerOfRow(row));
    loaded = true;
  }

  function put(h: NoteHeader): boolean {
    if (sameHeader(resolver.get(h.id), h)) return false;
    resolver.upsert(h);
    touched.add(h.id);
    return true;
  }

  /** Brings the headers these rows point at (or could point at) up to date; true when any changed. */
  async function freshen(rows: readonly LinkRow[], self: string): Promise<boolean> {
    const ids = [
      ...new Set(rows.map((r) => r.to_id).filter((id): id is string => id !== null && id !== self)),
    ];
    const names = [
      ...new Set(rows.filter((r) => r.to_id === null && r.target !== '').map((r) => r.target_name)),
    ];
    let changed = false;
    const found = await db.notes.bulkGet(ids);
    found.forEach((found, i) => {
      const id = ids[i] as string;
      const row = liveNote(found);
      if (row) changed = put(headerOfRow(row)) || changed;
      else if (resolver.get(id)) {
        resolver.remove(id);
        touched.add(id);
        changed = true;
      }
    });
    if (names.length > 0) {
      for (const row of await db.notes.where('titleKey').anyOf(names).toArray()) {
        changed = put(headerOfRow(row)) || changed;
      }
    }
    return changed;
  }

  /**
   * Before re-resolving stored rows: learns the linking notes and the notes named by the rows'
   * targets that this resolver does not know yet (written by another worker a moment ago).
   */
  async function learnAround(rows: readonly LinkRow[]): Promise<void> {
    const unknown = [...new Set(rows.map((r) => r.from_id).filter((id) => !resolver.get(id)))];
    for (const found of await db.notes.bulkGet(unknown)) {
      const row = liveNote(found);
      if (row) put(headerOfRow(row));
    }
    const names = [...new Set(rows.map((r) => r.target_name).filter((n) => n !== ''))];
    if (names.length === 0) return;
    for (const row of await db.notes.where('titleKey').anyOf(names).toArray()) put(headerOfRow(row));
  }

  const endsOf = (rows: readonly LinkRow[]) =>
    rows.flatMap((r) => (r.to_id === null ? [r.from_id] : [r.from_id, r.to_id]));

  /** Applies header changes to the resolver (undone by `rollback` if the transaction fails). */
  function learnHeaders(changes: readonly HeaderChange[]) {
    const names = new Set<string>();
    const ids = new Set<string>();
    const moved: string[] = [];
    const deleted: string[] = [];
    for (const { before, after } of changes) {
      const id = (after ?? before)?.id;
      if (id === undefined) continue;
      ids.add(id);
      touched.add(id);
      if (before) names.add(nameKey(before));
      if (after) {
        names.add(nameKey(after));
        resolver.upsert(after);
        if (before && before.folder_path !== after.folder_path) moved.push(id);
      } else {
        resolver.remove(id);
        deleted.push(id);
      }
    }
    return { names, ids, moved, deleted };
  }

  /**
   * Applies header changes to the resolver and re-resolves the stored rows they may affect:
   * rows naming the old or new title, rows pointing at the changed notes, and the outgoing rows
   * of moved notes (relative links and same-folder ties depend on the linking note's folder).
   * A deleted note's outgoing rows are deleted. Left as they are: the rows of the notes in
   * `skip.from` and the rows `skip.seqs`, which the caller writes itself in the same transaction
   * (a rename rewriting its backlinks: re-resolving them first is wasted). `known`: rows the
   * caller read in this transaction, not read again.
   */
  async function headersChangedInTx(
    changes: readonly HeaderChange[],
    skip: { from?: ReadonlySet<string>; seqs?: ReadonlySet<number> } = {},
    known?: KnownRows,
  ): Promise<string[]> {
    if (changes.length === 0) return [];
    await ensureLoaded();
    const { names, ids, moved, deleted } = learnHeaders(changes);
    const skipFrom = skip.from ?? new Set<string>();
    const skipSeqs = skip.seqs ?? new Set<number>();
    const affected = new Set<string>();
    if (deleted.length > 0) {
      const gone = await rowsWithAnyOf(db.links, 'from_id', deleted);
      for (const id of endsOf(gone)) affected.add(id);
      await db.links.bulkDelete(gone.map((r) => r.seq as number));
    }
    const candidates = new Map<number, StoredLinkRow>();
    const collect = (rows: StoredLinkRow[]) => {
      for (const r of rows)
        if (!skipFrom.has(r.from_id) && !skipSeqs.has(r.seq as number)) candidates.set(r.seq as number, r);
    };
    // Rows already read are not read again: those by `to_id` are given whole; by name only the
    // keys are read (a renamed note's backlinks name its old title), then the rows not given.
    // (A delete above may have removed given rows: then every row is read.)
    const knownRows = deleted.length > 0 ? [] : (known?.rows ?? []);
    const knownTo = deleted.length > 0 ? new Set<string>() : (known?.toIds ?? new Set<string>());
    const knownSeqs = new Set(knownRows.map((r) => r.seq as number));
    const named = await keysWithAnyOf(db.links, 'target_name', [...names]);
    collect(
      (await db.links.bulkGet(named.filter((seq) => !knownSeqs.has(seq as number)))).filter(
        (r): r is StoredLinkRow => r !== undefined,
      ),
    );
    collect([...knownRows]);
    collect(
      await rowsWithAnyOf(
        db.links,
        'to_id',
        [...ids].filter((id) => !knownTo.has(id)),
      ),
    );
    if (moved.length > 0) collect(await rowsWithAnyOf(db.links, 'from_id', moved));
    await learnAround([...candidates.values()]);
    const changed = reresolveRows([...candidates.values()], resolver, (id) => resolver.get(id)?.folder_path);
    if (changed.length > 0) await db.links.bulkPut(changed);
    for (const row of changed) {
      const before = candidates.get((row as StoredLinkRow).seq as number);
      for (const id of endsOf(before ? [before, row] : [row])) affected.add(id);
    }
    return [...affected];
  }

  async function writeOutgoingInTx(row: NoteRow, markdown: string): Promise<string[]> {
    await ensureLoaded();
    put(headerOfRow(row));
    const header = resolver.get(row.id) ?? headerOfRow(row);
    const body = splitFrontmatter(markdown).body;
    let rows = linkRowsOf(header, body, resolver);
    if (rows.length > 0 && (await freshen(rows, row.id))) rows = linkRowsOf(header, body, resolver);
    const old = await db.links.where('from_id').equals(row.id).toArray();
    if (sameRows(old, rows)) return [];
    await db.links.bulkDelete(old.map((r) => r.seq as number));
    await db.links.bulkAdd(rows);
    return [...new Set([row.id, ...endsOf(old), ...endsOf(rows)])];
  }

  /**
   * writeOutgoingInTx for many notes in one pass (a rename rewriting its backlinks): one read of
   * their stored rows, one check of the headers they name, one delete and one add.
   */
  async function writeOutgoingManyInTx(
    items: readonly { row: NoteRow; markdown: string }[],
  ): Promise<string[]> {
    if (items.length === 0) return [];
    await ensureLoaded();
    for (const { row } of items) put(headerOfRow(row));
    const compute = () =>
      items.map(({ row, markdown }) =>
        linkRowsOf(resolver.get(row.id) ?? headerOfRow(row), splitFrontmatter(markdown).body, resolver),
      );
    let next = compute();
    if (await freshen(next.flat(), '')) next = compute();
    const ids = items.map((i) => i.row.id);
    const oldRows = await rowsWithAnyOf(db.links, 'from_id', ids);
    const byFrom = new Map<string, StoredLinkRow[]>();
    for (const r of oldRows.sort((a, b) => (a.seq as number) - (b.seq as number)))
      byFrom.set(r.from_id, [...(byFrom.get(r.from_id) ?? []), r]);
    const affected = new Set<string>();
    const drop: number[] = [];
    const inPlace: StoredLinkRow[] = [];
    const add: LinkRow[] = [];
    next.forEach((rows, i) => {
      const id = ids[i] as string;
      const old = byFrom.get(id) ?? [];
      if (sameRows(old, rows)) return;
      // a note's rows keep their order by seq: the first ones take the old rows' places (one
      // write each instead of a delete and an add), the rest are dropped or added after them
      rows.forEach((row, k) => {
        const place = old[k];
        if (place) inPlace.push({ ...row, seq: place.seq });
        else add.push(row);
      });
      drop.push(...old.slice(rows.length).map((r) => r.seq as number));
      for (const x of [id, ...endsOf(old), ...endsOf(rows)]) affected.add(x);
    });
    await db.links.bulkDelete(drop);
    await db.links.bulkPut(inPlace);
    await db.links.bulkAdd(add);
    return [...affected];
  }

  return {
    resolver,
    ensureLoaded,
    /** The resolver part of `headersChangedInTx` alone (a rename computes its rewrites in between). */
    async learnHeaders(changes: readonly HeaderChange[]): Promise<void> {
      await ensureLoaded();
      learnHeaders(changes);
    },
    writeOutgoingManyInTx,
    headersChangedInTx,
    /** Replaces the stored links of one note by those of `markdown`; writes nothing when they are the same. */
    writeOutgoingInTx,

    /**
     * Recomputes one note's outgoing links from its stored body, in a transaction of its own: for
     * a body written inside a foreign transaction that does not cover `links` (see noteBodies).
     * IndexedDB runs it after that transaction, whose scope overlaps.
     */
    async refreshOutgoing(id: string): Promise<string[]> {
      return db.transaction('rw', db.notes, db.bodies, db.links, async () => {
        const row = await db.notes.get(id);
        if (row?.fileType !== 'markdown') return [];
        const affected = await writeOutgoingInTx(row, (await db.bodies.get(id))?.markdown ?? '');
        touched.clear();
        return affected;
      });
    },

    /** After a transaction that used the `*InTx` methods committed. */
    settle(): void {
      touched.clear();
    },

    /** After such a transaction failed: the touched headers come back from the database. */
    async rollback(): Promise<void> {
      const ids = [...touched];
      touched.clear();
      if (!loaded || ids.length === 0) return;
      const rows = await db.notes.bulkGet(ids);
      rows.forEach((found, i) => {
        const row = liveNote(found);
        if (row) resolver.upsert(headerOfRow(row));
        else resolver.remove(ids[i] as string);
      });
    },

    /**
     * Headers changed by a writer that did not go through this index (another tab, the sync
     * engine): compares them with the resolver and, for those that differ, re-resolves the
     * affected rows in a transaction of its own. Idempotent: a change already applied costs one read.
     */
    async reconcile(ids: readonly string[]): Promise<string[]> {
      if (!loaded || ids.length === 0) return [];
      const differing = async () => {
        const rows = await db.notes.bulkGet([...ids]);
        const changes: HeaderChange[] = [];
        rows.forEach((found, i) => {
          const row = liveNote(found);
          const before = resolver.get(ids[i] as string);
          const after = row ? headerOfRow(row) : undefined;
          if (!sameHeader(before, after)) changes.push(changeOf(before, after));
        });
        return changes;
      };
      // A read first: the usual case (this worker's own write) needs no rw transaction.
      if ((await differing()).length === 0) return [];
      return db.transaction('rw', db.notes, db.links, async () => {
        const affected = await headersChangedInTx(await differing());
        touched.clear();
        return affected;
      });
    },
  };
}

export type LinkIndex = ReturnType<typeof createLinkIndex>;

function changeOf(before: NoteHeader | undefined, after: NoteHeader | undefined): HeaderChange {
  const change: HeaderChange = {};
  if (before) change.before = before;
  if (after) change.after = after;
  return change;
}

function nameKey(h: NoteHeader): string {
  return h.title.normalize('NFC').toLowerCase();
}

const KEYS = ['target', 'to_id', 'subpath', 'alias', 'embed', 'syntax', 'line', 'via'] as const;

function sameRows(old: readonly LinkRow[], rows: readonly LinkRow[]): boolean {
  if (old.length !== rows.length) return false;
  return old.every((a, i) => {
    const b = rows[i] as LinkRow;
    return KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
  });
}
