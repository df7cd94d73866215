import { AppFailure } from '../../shared/result';
import type { Change, ChangeFeed } from '../changes/changeFeed';
import type { FolderRow, NoteRow, VaultDb } from '../db/schema';
import type { LinkRow } from '../domain/notes/links/linkRows';
import { parentFolder } from '../domain/notes/paths/folderPath';
import type { HeaderChange, KnownRows } from '../links/linkIndex';
import { planLinkRewrites, prepareLinkRewrites } from '../links/linkRewrites';
import type { NoteBodies } from './noteBodies';
import { createNoteTransaction, type NoteWork } from './noteTransaction';

/** What every note and folder write shares: the one transaction and the steps taken inside it. */
export interface NoteWriteDeps {
  db: VaultDb;
  feed: ChangeFeed;
  now: () => number;
  /** note bodies as CRDT documents: every body change goes through them */
  bodies: NoteBodies;
  /** whether a rename or move rewrites the links pointing at it (setting noteEditor.updateLinksOnRename); yes when absent */
  updateLinksOnRename?: () => Promise<boolean>;
}

/** A checked value, or the refusal thrown so the write's transaction writes nothing. */
export const unwrap = <T>(checked: { ok: true; value: T } | { ok: false; error: AppFailure['error'] }): T => {
  if (!checked.ok) throw new AppFailure(checked.error);
  return checked.value;
};

export const noNote = (id: string) =>
  new AppFailure({ code: 'NOT_FOUND', message: `No note with id "${id}".`, field: 'id' });

export const titleConflict = (title: string, folderPath: string, field: string) =>
  new AppFailure({
    code: 'CONFLICT',
    message: `A note named "${title}" already exists in ${folderPath || 'the vault root'}.`,
    field,
  });

/** The notes a link row joins (the feed's `links` change names them). */
const endsOf = (rows: readonly LinkRow[]) =>
  rows.flatMap((r) => (r.to_id === null ? [r.from_id] : [r.from_id, r.to_id]));

export function createNoteWriteKit({ db, feed, now, bodies, updateLinksOnRename }: NoteWriteDeps) {
  const links = bodies.links;
  // Documents edited by a link rewrite in the transaction under way: dropped from memory if it fails.
  const edited: string[] = [];
  const write = createNoteTransaction(db, feed, links, () => bodies.forget(edited.splice(0)));

  async function relink(
    changes: Change[],
    headers: readonly HeaderChange[],
    bodiesOf: readonly { row: NoteRow; markdown: string }[] = [],
    skip?: { from?: ReadonlySet<string>; seqs?: ReadonlySet<number> },
    known?: KnownRows,
  ): Promise<void> {
    const ids = await links.headersChangedInTx(headers, skip, known);
    // many bodies (an import batch): one read of their stored rows, one bulk add
    if (bodiesOf.length > 1) ids.push(...(await links.writeOutgoingManyInTx(bodiesOf)));
    else for (const b of bodiesOf) ids.push(...(await links.writeOutgoingInTx(b.row, b.markdown)));
    changes.push({ table: 'links', op: 'put', ids: [...new Set(ids)] });
  }

  return {
    /** One rw transaction over every note table (noteTransaction.ts). */
    write: <T>(work: NoteWork<T>) =>
      write(async (changes, afterCommit) => {
        edited.length = 0;
        return work(changes, afterCommit);
      }),

    async titleTaken(folderPath: string, title: string, exceptId?: string) {
      const hit = await db.notes
        .where('[folderPath+titleKey]')
        .equals([folderPath, title.toLowerCase()])
        .first();
      return hit !== undefined && hit.id !== exceptId;
    },

    /** Creates the folder and every missing ancestor; returns the paths it created. */
    async ensureFolders(path: string): Promise<string[]> {
      const created: string[] = [];
      let p = path;
      while (p !== '' && !(await db.folders.get(p))) {
        const parent = parentFolder(p);
        const row: FolderRow = {
          path: p,
          parent,
          name: p.slice(parent ? parent.length + 1 : 0),
          position: 0,
          created: now(),
        };
        await db.folders.add(row);
        created.push(p);
        p = parent;
      }
      return created;
    },

    /**
     * Inside the write: header changes re-resolve the stored links (and the resolver), then the
     * bodies given have their outgoing links written; the notes whose links changed are announced.
     */
    relink,

    /**
     * Before a rename's transaction (the setting lives in a table outside its scope): whether it
     * rewrites links, with the links typed a moment ago stored first so they are found.
     */
    async beforeRename(): Promise<boolean> {
      await bodies.settleDerived();
      return updateLinksOnRename ? await updateLinksOnRename() : true;
    },

    /**
     * `relink` for renames and moves: unless the setting is off, the links that reached the
     * renamed or moved notes are rewritten in the same transaction (links/linkRewrites.ts), and
     * the rewritten notes' CRDT updates reach other tabs after commit. Answers the ids rewritten.
     */
    async relinkRenamed(
      changes: Change[],
      headers: readonly HeaderChange[],
      afterCommit: (fn: () => void) => void,
      rewrite: boolean,
    ): Promise<string[]> {
      if (!rewrite) {
        await relink(changes, headers);
        return [];
      }
      const { sources, known, also } = await prepareLinkRewrites(db, links, headers, bodies.storedStatesInTx);
      await links.learnHeaders(headers);
      const plan = planLinkRewrites(links, sources, known, (id) => links.resolver.get(id)?.folder_path ?? '');
      // every other stored row is re-resolved; the rewritten links' rows and the notes written
      // from their whole text are written below, once
      await relink(
        changes,
        headers,
        [],
        { from: plan.recompute, seqs: new Set(plan.replaced.map((r) => r.seq as number)) },
        known,
      );
      if (plan.items.length === 0 && plan.recompute.size === 0) return [];
      edited.push(...plan.items.map((i) => i.id));
      // the link rows are issued first: IndexedDB writes them while the CRDT edits are computed
      const [, done] = await Promise.all([
        db.links.bulkPut(plan.rows),
        bodies.editManyInTx(plan.items, also),
      ]);
      const linkIds = [...endsOf(plan.replaced), ...endsOf(plan.rows)];
      // the notes whose rows are written from their text: the new text, or the stored one when
      // no link of it needed an edit
      const written = new Map(done.written.map((w) => [w.row.id, w]));
      const unedited = [...plan.recompute].filter((id) => !written.has(id));
      const rows = await db.notes.bulkGet(unedited);
      const texts = await db.bodies.bulkGet(unedited);
      const whole = [
        ...[...plan.recompute].flatMap((id) => written.get(id) ?? []),
        ...rows.flatMap((row, i) => (row ? [{ row, markdown: texts[i]?.markdown ?? '' }] : [])),
      ];
      linkIds.push(...(await links.writeOutgoingManyInTx(whole)));
      const rewritten = done.written.map((w) => w.row.id);
      changes.push(
        { table: 'notes', op: 'put', ids: rewritten },
        { table: 'links', op: 'put', ids: [...new Set(linkIds)] },
      );
      afterCommit(done.publish);
      return rewritten;
    },
  };
}

export type NoteWriteKit = ReturnType<typeof createNoteWriteKit>;
