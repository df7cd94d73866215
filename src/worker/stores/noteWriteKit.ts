import { AppFailure } from '../../shared/result';
import type { Change, ChangeFeed } from '../changes/changeFeed';
import type { FolderRow, NoteRow, VaultDb } from '../db/schema';
import { parentFolder } from '../domain/notes/paths/folderPath';
import type { HeaderChange } from '../links/linkIndex';
import { applyLinkRewrites, prepareLinkRewrites } from '../links/linkRewrites';
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

export function createNoteWriteKit({ db, feed, now, bodies, updateLinksOnRename }: NoteWriteDeps) {
  const links = bodies.links;
  // Documents edited by a link rewrite in the transaction under way: dropped from memory if it fails.
  const edited: string[] = [];
  const write = createNoteTransaction(db, feed, links, () => bodies.forget(edited.splice(0)));

  async function relink(
    changes: Change[],
    headers: readonly HeaderChange[],
    bodiesOf: readonly { row: NoteRow; markdown: string }[] = [],
    rewrittenNext?: ReadonlySet<string>,
  ): Promise<void> {
    const ids = await links.headersChangedInTx(headers, rewrittenNext);
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
      const sources = rewrite ? await prepareLinkRewrites(db, links, headers) : [];
      // the linking notes' rows are written once, from their rewritten text (not re-resolved first)
      const linking = new Set(sources.map((s) => s.id));
      await relink(changes, headers, [], linking);
      if (sources.length === 0) return [];
      const done = await applyLinkRewrites(
        links,
        bodies,
        sources,
        (id) => links.resolver.get(id)?.folder_path ?? '',
      );
      // a linking note whose text needed no edit (its link still reaches the note as written)
      // has its rows re-resolved from its unchanged text here
      const rewritten = new Set(done.rewritten);
      const unchanged = [...linking].filter((id) => !rewritten.has(id));
      const linkIds = [...done.linkIds];
      if (unchanged.length > 0) {
        const rows = await db.notes.bulkGet(unchanged);
        const texts = await db.bodies.bulkGet(unchanged);
        linkIds.push(
          ...(await links.writeOutgoingManyInTx(
            rows.flatMap((row, i) => (row ? [{ row, markdown: texts[i]?.markdown ?? '' }] : [])),
          )),
        );
      }
      edited.push(...done.rewritten);
      changes.push(
        { table: 'notes', op: 'put', ids: done.rewritten },
        { table: 'links', op: 'put', ids: [...new Set(linkIds)] },
      );
      afterCommit(done.publish);
      return done.rewritten;
    },
  };
}

export type NoteWriteKit = ReturnType<typeof createNoteWriteKit>;
