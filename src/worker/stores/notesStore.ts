import { AppFailure, type Result } from '../../shared/result';
import { nativeDbOf } from '../db/nativeDb';
import type { FolderRow, NoteRow } from '../db/schema';
import { checkFolderPath } from '../domain/notes/paths/folderPath';
import { checkTitle } from '../domain/notes/paths/nameRules';
import { nextFreeTitle } from '../domain/notes/paths/titles';
import { isTrashed, liveNote } from '../domain/trash/noteTrash';
import { headerOfRow } from '../links/headerOfRow';
import { deleteAttachmentsOfInTx } from './attachmentRows';
import { createAttachments } from './attachments';
import { folderWrites } from './folderWrites';
import { manualNoteOrder } from './manualNoteOrder';
import { noteInsertMany } from './noteInsertMany';
import { listFolderRows, listNotePage, type NoteListQuery, type NotePage } from './noteListing';
import { deriveText, MAX_NOTE_BYTES, utf8Bytes } from './noteText';
import { noteTrash } from './noteTrash';
import { createNoteWriteKit, type NoteWriteDeps, noNote, titleConflict, unwrap } from './noteWriteKit';

export type NoteHeader = NoteRow;
export interface Note extends NoteRow {
  markdown: string;
}

export type { NewItem } from './noteInsertMany';
export type { NoteListQuery, NotePage, NoteSort } from './noteListing';

export interface NotesDeps extends NoteWriteDeps {
  newId: () => string;
}

/**
 * The note slice over Dexie: every write is one transaction, validated before it starts, and
 * announced on the change feed only after it commits and only for the rows it changed.
 */
export function createNotesStore(deps: NotesDeps) {
  const { db, feed, now, newId, bodies } = deps;
  const links = bodies.links;
  const kit = createNoteWriteKit(deps);
  const { write, titleTaken, ensureFolders, relink, relinkRenamed, beforeRename } = kit;
  const attachments = createAttachments({ db, feed, links, now, newId });
  const trash = noteTrash(deps, kit, async (ids) => {
    const done = await store.deleteForever(ids);
    if (!done.ok) throw new AppFailure(done.error);
  });

  /** The native database under Dexie (the list reads are shared with the worker's entry); never
   *  opened again once the vault was closed (switched away or deleted). */
  const nativeDb = async () => nativeDbOf(db);

  const store = {
    /** Files attached to markdown notes (attachments/<note_id>/<name>). */
    attachments,

    list: async (q: NoteListQuery): Promise<NotePage> => listNotePage(await nativeDb(), q),

    /** A folder's note ids in manual order (what the list shows under sort `manual`). */
    manualOrder: async (folder: string): Promise<string[]> => manualNoteOrder(await nativeDb(), folder),

    /** The note's row without its body: what a title bar or a list needs. */
    async getHeader(id: string): Promise<NoteHeader | null> {
      return liveNote(await db.notes.get(id)) ?? null;
    },

    async get(id: string): Promise<Note | null> {
      return db.transaction('r', db.notes, db.bodies, async () => {
        const row = liveNote(await db.notes.get(id));
        if (!row) return null;
        const body = await db.bodies.get(id);
        return { ...row, markdown: body?.markdown ?? '' };
      });
    },

    create(input: { title?: string; folderPath?: string; markdown?: string }) {
      return write(async (changes) => {
        const folderPath = unwrap(checkFolderPath(input.folderPath ?? '', 'folder_path', true));
        const markdown = input.markdown ?? '';
        if (utf8Bytes(markdown) > MAX_NOTE_BYTES) {
          throw new AppFailure({
            code: 'TOO_LARGE',
            message: `A note may hold at most ${MAX_NOTE_BYTES / 1024 / 1024} MB of text.`,
            field: 'content_markdown',
          });
        }
        let title: string;
        if (input.title === undefined) {
          const prefix = 'untitled';
          const taken = new Set(
            (
              await db.notes
                .where('[folderPath+titleKey]')
                .between([folderPath, prefix], [folderPath, `${prefix}\uffff`])
                .toArray()
            ).map((n) => n.titleKey),
          );
          title = nextFreeTitle('Untitled', folderPath, {
            titleTaken: (_f, t) => taken.has(t.toLowerCase()),
          });
        } else {
          title = unwrap(checkTitle(input.title));
          if (await titleTaken(folderPath, title)) throw titleConflict(title, folderPath, 'title');
        }
        const folders = await ensureFolders(folderPath);
        const t = now();
        const row: NoteRow = {
          id: newId(),
          title,
          titleKey: title.toLowerCase(),
          folderPath,
          fileType: 'markdown',
          emoji: null,
          localOnly: false,
          created: t,
          modified: t,
          ...deriveText(markdown),
        };
        await db.notes.add(row);
        await db.bodies.add({ id: row.id, markdown });
        await bodies.create(row.id, markdown);
        changes.push(
          { table: 'notes', op: 'put', ids: [row.id] },
          { table: 'folders', op: 'put', ids: folders },
        );
        await relink(changes, [{ after: headerOfRow(row) }], [{ row, markdown }]);
        return row;
      });
    },

    async rename(id: string, rawTitle: string) {
      const rewrite = await beforeRename();
      return write(async (changes, afterCommit) => {
        const title = unwrap(checkTitle(rawTitle));
        const row = await db.notes.get(id);
        if (!row) throw noNote(id);
        if (row.title === title) return row;
        if (await titleTaken(row.folderPath, title, id)) throw titleConflict(title, row.folderPath, 'title');
        const next = { ...row, title, titleKey: title.toLowerCase(), modified: now() };
        await db.notes.put(next);
        changes.push({ table: 'notes', op: 'put', ids: [id] });
        await relinkRenamed(
          changes,
          [{ before: headerOfRow(row), after: headerOfRow(next) }],
          afterCommit,
          rewrite,
        );
        return next;
      });
    },

    /** Replaces the whole body; merges with concurrent typing (the change is a minimal splice of the CRDT text). */
    async updateBody(id: string, markdown: string): Promise<Result<NoteRow>> {
      if (utf8Bytes(markdown) > MAX_NOTE_BYTES) {
        return {
          ok: false,
          error: {
            code: 'TOO_LARGE',
            message: `A note may hold at most ${MAX_NOTE_BYTES / 1024 / 1024} MB of text.`,
            field: 'content_markdown',
          },
        };
      }
      return bodies.replaceText(id, markdown, 'agent');
    },

    async move(id: string, rawFolder: string) {
      const rewrite = await beforeRename();
      return write(async (changes, afterCommit) => {
        const folderPath = unwrap(checkFolderPath(rawFolder, 'folder_path', true));
        const row = await db.notes.get(id);
        if (!row) throw noNote(id);
        if (row.folderPath === folderPath) return row;
        if (await titleTaken(folderPath, row.title, id))
          throw titleConflict(row.title, folderPath, 'folder_path');
        const folders = await ensureFolders(folderPath);
        const next = { ...row, folderPath, modified: now() };
        await db.notes.put(next);
        changes.push({ table: 'notes', op: 'put', ids: [id] }, { table: 'folders', op: 'put', ids: folders });
        await relinkRenamed(
          changes,
          [{ before: headerOfRow(row), after: headerOfRow(next) }],
          afterCommit,
          rewrite,
        );
        return (await db.notes.get(id)) ?? next; // its own relative links may have been rewritten
      });
    },

    /** Moves a note or filed file to the Trash (docs/trash.md); `deleteForever` is the real delete. */
    delete: (id: string) => trash.trash(id),

    /**
     * Deletes these notes for good (the Trash's purge): rows, bodies, bytes and attachments, in one
     * transaction; sync sends their tombstones.
     */
    deleteForever(ids: readonly string[]) {
      return write(async (changes) => {
        const rows = (await db.notes.bulkGet([...ids])).filter((r): r is NoteRow => r !== undefined);
        if (rows.length === 0) throw noNote(ids[0] ?? '');
        const gone = rows.map((r) => r.id);
        await db.notes.bulkDelete(gone);
        await db.bodies.bulkDelete(gone);
        await db.blobs.bulkDelete(gone);
        for (const id of gone) await bodies.remove(id);
        // A note's attachments go with it (docs/notes.md, "Attachments").
        const attached = await deleteAttachmentsOfInTx(db, gone);
        changes.push({ table: 'notes', op: 'delete', ids: [...gone, ...attached.map((a) => a.id)] });
        // a trashed row has no live header any more; only its attachments leave the resolver now
        await relink(
          changes,
          [...rows.filter((r) => !isTrashed(r)), ...attached].map((r) => ({ before: headerOfRow(r) })),
        );
        return { ids: gone };
      });
    },

    /** The bytes of a filed file, or null. */
    async getBlob(id: string): Promise<Blob | null> {
      return (await db.blobs.get(id))?.blob ?? null;
    },

    listFolders: async (): Promise<FolderRow[]> => listFolderRows(await nativeDb()),

    ...noteInsertMany(deps, newId, kit),
    ...folderWrites(deps, kit),
    /** Moves a folder and everything in it to the Trash, as one item. */
    deleteFolder: (path: string) => trash.trashFolder(path),
    /** The Trash of notes, files and folders (docs/trash.md). */
    trash,
  };
  return store;
}

export type NotesStore = ReturnType<typeof createNotesStore>;
