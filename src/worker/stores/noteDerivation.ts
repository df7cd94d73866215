import type { ChangeFeed } from '../changes/changeFeed';
import type { NoteRow, VaultDb } from '../db/schema';
import { isTrashed } from '../domain/trash/noteTrash';
import { headerOfRow, sameHeader } from '../links/headerOfRow';
import type { HeaderChange, LinkIndex } from '../links/linkIndex';
import { type DerivedText, deriveText } from './noteText';

/** Quiet time after the last keystroke before a note's derived data is brought up to date. */
export const DERIVE_QUIET_MS = 300;
/** While typing goes on without a pause, derive at least this often. */
export const DERIVE_MAX_WAIT_MS = 2000;

export interface NoteDerivationDeps {
  db: VaultDb;
  feed: ChangeFeed;
  links: LinkIndex;
  now: () => number;
  quietMs?: number;
  maxWaitMs?: number;
}

/**
 * What a note's body implies beyond its text (the row's snippet, word count, tags, aliases and
 * properties, its outgoing links, and through the change feed its search document), derived off
 * the keystroke path. A keystroke stores its Yjs update and the markdown mirror and records the
 * note in `derivePending` in the same transaction (`markInTx`); the derivation runs once typing
 * pauses (or every DERIVE_MAX_WAIT_MS during long typing), from the stored mirror, in one
 * transaction that also clears the mark. So derived data is never stale once an edit settles,
 * and a tab closed before that leaves the mark for the next start (`settleAll`). A derivation
 * that finds nothing changed writes nothing and announces nothing.
 */
export function createNoteDerivation(deps: NoteDerivationDeps) {
  const { db, feed, links, now } = deps;
  const quietMs = deps.quietMs ?? DERIVE_QUIET_MS;
  const maxWaitMs = deps.maxWaitMs ?? DERIVE_MAX_WAIT_MS;
  const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; since: number }>();
  const running = new Map<string, Promise<void>>();

  /** Derives one note now if it is marked; one derivation per note at a time. */
  function settle(id: string): Promise<void> {
    const w = waiting.get(id);
    if (w) clearTimeout(w.timer);
    waiting.delete(id);
    const before = running.get(id) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(() => derive(id));
    running.set(id, next);
    return next.finally(() => {
      if (running.get(id) === next) running.delete(id);
    });
  }

  async function derive(id: string): Promise<void> {
    const linkIds: string[] = [];
    let rowChanged = false;
    try {
      await db.transaction('rw', [db.notes, db.bodies, db.links, db.derivePending], async () => {
        if (!(await db.derivePending.get(id))) return;
        await db.derivePending.delete(id);
        const row = await db.notes.get(id);
        // deleted or trashed meanwhile: nothing to derive (a trashed row keeps its fields aside)
        if (row?.fileType !== 'markdown' || isTrashed(row)) return;
        const markdown = (await db.bodies.get(id))?.markdown ?? '';
        const derived = deriveText(markdown);
        const next: NoteRow = { ...row, ...derived, modified: Math.max(now(), row.modified) };
        if (!sameDerived(row, derived)) {
          await db.notes.put(next);
          rowChanged = true;
        } else if (row.modified < next.modified) {
          // the text changed (the mark says so) though nothing derived from it did
          await db.notes.update(id, { modified: next.modified });
          rowChanged = true;
        }
        const h0 = headerOfRow(row);
        const h1 = headerOfRow(next);
        if (!sameHeader(h0, h1))
          linkIds.push(...(await links.headersChangedInTx([{ before: h0, after: h1 }])));
        linkIds.push(...(await links.writeOutgoingInTx(next, markdown)));
      });
      links.settle();
    } catch (err) {
      await links.rollback();
      throw err;
    }
    const changes = [];
    if (rowChanged) changes.push({ table: 'notes', op: 'put' as const, ids: [id] });
    if (linkIds.length > 0) changes.push({ table: 'links', op: 'put' as const, ids: [...new Set(linkIds)] });
    if (changes.length > 0) feed.committed(changes);
  }

  /**
   * `derive` for many marked notes in one transaction (a rename's rewritten backlinks): one read
   * of the marks, rows and bodies, one write of the rows, one pass over the links.
   */
  async function deriveMany(ids: readonly string[]): Promise<void> {
    const linkIds: string[] = [];
    const changed: string[] = [];
    try {
      await db.transaction('rw', [db.notes, db.bodies, db.links, db.derivePending], async () => {
        const marks = await db.derivePending.bulkGet([...ids]);
        const marked = ids.filter((_, i) => marks[i] !== undefined);
        if (marked.length === 0) return;
        await db.derivePending.bulkDelete(marked);
        const [rows, texts] = await Promise.all([db.notes.bulkGet(marked), db.bodies.bulkGet(marked)]);
        const puts: NoteRow[] = [];
        const headers: HeaderChange[] = [];
        const items: { row: NoteRow; markdown: string }[] = [];
        rows.forEach((row, i) => {
          if (row?.fileType !== 'markdown' || isTrashed(row)) return;
          const markdown = texts[i]?.markdown ?? '';
          const next: NoteRow = { ...row, ...deriveText(markdown), modified: Math.max(now(), row.modified) };
          // the text changed (the mark says so): the row takes its time even if nothing derived did
          puts.push(next);
          const h0 = headerOfRow(row);
          const h1 = headerOfRow(next);
          if (!sameHeader(h0, h1)) headers.push({ before: h0, after: h1 });
          items.push({ row: next, markdown });
        });
        await db.notes.bulkPut(puts);
        changed.push(...puts.map((r) => r.id));
        linkIds.push(...(await links.headersChangedInTx(headers)));
        linkIds.push(...(await links.writeOutgoingManyInTx(items)));
      });
      links.settle();
    } catch (err) {
      await links.rollback();
      throw err;
    }
    const changes = [];
    if (changed.length > 0) changes.push({ table: 'notes', op: 'put' as const, ids: changed });
    if (linkIds.length > 0) changes.push({ table: 'links', op: 'put' as const, ids: [...new Set(linkIds)] });
    if (changes.length > 0) feed.committed(changes);
  }

  /** `settle` for many notes: after any derivation of them under way, one `deriveMany` per 500. */
  function settleMany(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const w = waiting.get(id);
      if (w) clearTimeout(w.timer);
      waiting.delete(id);
    }
    const before = Promise.all(
      ids.map((id) => (running.get(id) ?? Promise.resolve()).catch(() => undefined)),
    );
    const next = before.then(async () => {
      for (let i = 0; i < ids.length; i += 500) await deriveMany(ids.slice(i, i + 500));
    });
    for (const id of ids) running.set(id, next);
    return next.finally(() => {
      for (const id of ids) if (running.get(id) === next) running.delete(id);
    });
  }

  const report = (err: unknown) => console.error('deriving a note failed', err);

  return {
    /** Inside the keystroke's rw transaction (over derivePending): this note needs deriving. */
    async markInTx(id: string): Promise<void> {
      await db.derivePending.put({ id, editedAt: now() });
    },

    /** `markInTx` for many notes (a rename rewriting their links): one write. */
    async markManyInTx(ids: readonly string[]): Promise<void> {
      const t = now();
      await db.derivePending.bulkPut(ids.map((id) => ({ id, editedAt: t })));
    },

    /**
     * After the marking transaction committed: these notes are derived together at once (no one
     * is typing into them: a list sorted by `modified` re-sorts right after the write's own change).
     */
    scheduleMany(ids: readonly string[]): void {
      if (ids.length === 0) return;
      setTimeout(() => {
        if (db.isOpen()) void settleMany(ids).catch(report);
      }, 0);
    },

    /** After the keystroke committed: derive once typing pauses, or by the max wait. */
    schedule(id: string): void {
      const w = waiting.get(id);
      const since = w?.since ?? now();
      if (w) clearTimeout(w.timer);
      const delay = Math.max(0, Math.min(quietMs, since + maxWaitMs - now()));
      const timer = setTimeout(() => {
        if (db.isOpen()) void settle(id).catch(report);
        else waiting.delete(id);
      }, delay);
      waiting.set(id, { timer, since });
    },

    settle,

    /** Derives every marked note now (start-up recovery; tests and benches wait on it). */
    async settleAll(): Promise<void> {
      const ids = new Set([...(await db.derivePending.toCollection().primaryKeys()), ...waiting.keys()]);
      // one note (this tab's typing) as always; many (a rename's backlinks, a crash) in batches
      if (ids.size <= 1) await Promise.all([...ids].map((id) => settle(id)));
      else await settleMany([...ids]);
    },

    /** Stops the timers (the vault closes); the marks stay for the next start. */
    close(): void {
      for (const w of waiting.values()) clearTimeout(w.timer);
      waiting.clear();
    },
  };
}

export type NoteDerivation = ReturnType<typeof createNoteDerivation>;

function sameDerived(row: NoteRow, d: DerivedText): boolean {
  return (
    row.snippet === d.snippet &&
    row.wordCount === d.wordCount &&
    sameList(row.tags, d.tags) &&
    sameList(row.aliases ?? [], d.aliases) &&
    sameList(row.linkedTaskIds ?? [], d.linkedTaskIds) &&
    JSON.stringify(row.properties ?? {}) === JSON.stringify(d.properties)
  );
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
