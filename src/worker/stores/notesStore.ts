import { AppFailure, type Result } from '../../shared/result';
import type { Change, ChangeFeed } from '../changes/changeFeed';
import type { FolderRow, NoteRow, VaultDb } from '../db/schema';
import { checkFolderPath, isInside, parentFolder } from '../domain/notes/paths/folderPath';
import { checkTitle } from '../domain/notes/paths/nameRules';
import { planFolderRename } from '../domain/notes/paths/renameFolder';
import { nextFreeTitle } from '../domain/notes/paths/titles';
import { headerOfRow } from '../links/headerOfRow';
import type { HeaderChange } from '../links/linkIndex';
import { deleteAttachmentsOfInTx } from './attachmentRows';
import { createAttachments } from './attachments';
import type { NoteBodies } from './noteBodies';
import { listFolderRows, listNotePage, type NoteListQuery, type NotePage } from './noteListing';
import { deriveText, MAX_NOTE_BYTES, utf8Bytes } from './noteText';
import { createNoteTransaction } from './noteTransaction';

export type NoteHeader = NoteRow;
export interface Note extends NoteRow {
  markdown: string;
}

import { manualNoteOrder } from './manualNoteOrder';

export type { NoteListQuery, NotePage, NoteSort } from './noteListing';

export type NewItem =
  | {
      kind: 'markdown';
      title: string;
      folderPath: string;
      markdown: string;
      created?: number;
      modified?: number;
    }
  | {
      kind: 'pdf' | 'image' | 'audio' | 'video';
      title: string;
      folderPath: string;
      mime: string;
      blob: Blob;
      created?: number;
      modified?: number;
    };

export interface NotesDeps {
  db: VaultDb;
  feed: ChangeFeed;
  now: () => number;
  newId: () => string;
  /** note bodies as CRDT documents: every body change goes through them */
  bodies: NoteBodies;
}

/**
 * The note slice over Dexie: every write is one transaction, validated before it starts, and
 * announced on the change feed only after it commits and only for the rows it changed.
 */
export function createNotesStore({ db, feed, now, newId, bodies }: NotesDeps) {
  const links = bodies.links;
  const write = createNoteTransaction(db, feed, links);
  const attachments = createAttachments({ db, feed, links, now, newId });

  async function titleTaken(folderPath: string, title: string, exceptId?: string) {
    const hit = await db.notes
      .where('[folderPath+titleKey]')
      .equals([folderPath, title.toLowerCase()])
      .first();
    return hit !== undefined && hit.id !== exceptId;
  }

  /** Creates the folder and every missing ancestor; returns the paths it created. */
  async function ensureFolders(path: string): Promise<string[]> {
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
  }

  /**
   * Inside the write: header changes re-resolve the stored links (and the resolver), then the
   * bodies given have their outgoing links written; the notes whose links changed are announced.
   */
  async function relink(
    changes: Change[],
    headers: readonly HeaderChange[],
    bodiesOf: readonly { row: NoteRow; markdown: string }[] = [],
  ): Promise<void> {
    const ids = await links.headersChangedInTx(headers);
    for (const b of bodiesOf) ids.push(...(await links.writeOutgoingInTx(b.row, b.markdown)));
    changes.push({ table: 'links', op: 'put', ids: [...new Set(ids)] });
  }

  /** The native database under Dexie: the list reads are shared with the worker's entry. */
  const nativeDb = async () => (db.isOpen() ? db : await db.open()).backendDB();

  const unwrap = <T>(checked: { ok: true; value: T } | { ok: false; error: AppFailure['error'] }): T => {
    if (!checked.ok) throw new AppFailure(checked.error);
    return checked.value;
  };

  return {
    /** Files attached to markdown notes (attachments/<note_id>/<name>). */
    attachments,

    list: async (q: NoteListQuery): Promise<NotePage> => listNotePage(await nativeDb(), q),

    /** A folder's note ids in manual order (what the list shows under sort `manual`). */
    manualOrder: async (folder: string): Promise<string[]> => manualNoteOrder(await nativeDb(), folder),

    /** The note's row without its body: what a title bar or a list needs. */
    async getHeader(id: string): Promise<NoteHeader | null> {
      return (await db.notes.get(id)) ?? null;
    },

    async get(id: string): Promise<Note | null> {
      return db.transaction('r', db.notes, db.bodies, async () => {
        const row = await db.notes.get(id);
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
          if (await titleTaken(folderPath, title)) {
            throw new AppFailure({
              code: 'CONFLICT',
              message: `A note named "${title}" already exists in ${folderPath || 'the vault root'}.`,
              field: 'title',
            });
          }
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

    rename(id: string, rawTitle: string) {
      return write(async (changes) => {
        const title = unwrap(checkTitle(rawTitle));
        const row = await db.notes.get(id);
        if (!row)
          throw new AppFailure({ code: 'NOT_FOUND', message: `No note with id "${id}".`, field: 'id' });
        if (row.title === title) return row;
        if (await titleTaken(row.folderPath, title, id)) {
          throw new AppFailure({
            code: 'CONFLICT',
            message: `A note named "${title}" already exists in ${row.folderPath || 'the vault root'}.`,
            field: 'title',
          });
        }
        const next = { ...row, title, titleKey: title.toLowerCase(), modified: now() };
        await db.notes.put(next);
        changes.push({ table: 'notes', op: 'put', ids: [id] });
        await relink(changes, [{ before: headerOfRow(row), after: headerOfRow(next) }]);
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

    move(id: string, rawFolder: string) {
      return write(async (changes) => {
        const folderPath = unwrap(checkFolderPath(rawFolder, 'folder_path', true));
        const row = await db.notes.get(id);
        if (!row)
          throw new AppFailure({ code: 'NOT_FOUND', message: `No note with id "${id}".`, field: 'id' });
        if (row.folderPath === folderPath) return row;
        if (await titleTaken(folderPath, row.title, id)) {
          throw new AppFailure({
            code: 'CONFLICT',
            message: `A note named "${row.title}" already exists in ${folderPath || 'the vault root'}.`,
            field: 'folder_path',
          });
        }
        const folders = await ensureFolders(folderPath);
        const next = { ...row, folderPath, modified: now() };
        await db.notes.put(next);
        changes.push({ table: 'notes', op: 'put', ids: [id] }, { table: 'folders', op: 'put', ids: folders });
        await relink(changes, [{ before: headerOfRow(row), after: headerOfRow(next) }]);
        return next;
      });
    },

    delete(id: string) {
      return write(async (changes) => {
        const row = await db.notes.get(id);
        if (!row)
          throw new AppFailure({ code: 'NOT_FOUND', message: `No note with id "${id}".`, field: 'id' });
        await db.notes.delete(id);
        await db.bodies.delete(id);
        await db.blobs.delete(id);
        await bodies.remove(id);
        // A note's attachments go with it (docs/notes.md, "Attachments").
        const attached = await deleteAttachmentsOfInTx(db, [id]);
        changes.push({ table: 'notes', op: 'delete', ids: [id, ...attached.map((a) => a.id)] });
        await relink(
          changes,
          [row, ...attached].map((r) => ({ before: headerOfRow(r) })),
        );
        return { id };
      });
    },

    /**
     * Inserts many notes and filed files in ONE transaction (an import batch): folders are
     * created as needed; a title already taken in its folder gets " 1", " 2", … Nothing is
     * written when any item is refused. Returns the rows created, in order.
     */
    insertMany(items: readonly NewItem[]) {
      return write(async (changes) => {
        const created: NoteRow[] = [];
        const folders: string[] = [];
        const markdowns: { row: NoteRow; markdown: string }[] = [];
        for (const item of items) {
          const folderPath = unwrap(checkFolderPath(item.folderPath, 'folder_path', true));
          const base = unwrap(checkTitle(item.title));
          let title = base;
          for (let n = 1; await titleTaken(folderPath, title); n++) title = `${base} ${n}`;
          folders.push(...(await ensureFolders(folderPath)));
          const t = now();
          const id = newId();
          const common = {
            id,
            title,
            titleKey: title.toLowerCase(),
            folderPath,
            emoji: null,
            localOnly: false,
            created: item.created ?? t,
            modified: item.modified ?? t,
          };
          if (item.kind === 'markdown') {
            if (utf8Bytes(item.markdown) > MAX_NOTE_BYTES) {
              throw new AppFailure({
                code: 'TOO_LARGE',
                message: `"${title}" is larger than ${MAX_NOTE_BYTES / 1024 / 1024} MB.`,
                field: 'content_markdown',
              });
            }
            const row: NoteRow = { ...common, fileType: 'markdown', ...deriveText(item.markdown) };
            await db.notes.add(row);
            await db.bodies.add({ id, markdown: item.markdown });
            await bodies.create(id, item.markdown);
            created.push(row);
            markdowns.push({ row, markdown: item.markdown });
          } else {
            const row: NoteRow = {
              ...common,
              fileType: item.kind,
              mime: item.mime,
              size: item.blob.size,
              snippet: '',
              wordCount: 0,
              tags: [],
            };
            await db.notes.add(row);
            await db.blobs.add({ id, blob: item.blob });
            created.push(row);
          }
        }
        changes.push(
          { table: 'notes', op: 'put', ids: created.map((r) => r.id) },
          { table: 'folders', op: 'put', ids: folders },
        );
        await relink(
          changes,
          created.map((r) => ({ after: headerOfRow(r) })),
          markdowns,
        );
        return created;
      });
    },

    /** The bytes of a filed file, or null. */
    async getBlob(id: string): Promise<Blob | null> {
      return (await db.blobs.get(id))?.blob ?? null;
    },

    listFolders: async (): Promise<FolderRow[]> => listFolderRows(await nativeDb()),

    createFolder(rawPath: string) {
      return write(async (changes) => {
        const path = unwrap(checkFolderPath(rawPath, 'path'));
        if (await db.folders.get(path)) {
          throw new AppFailure({
            code: 'CONFLICT',
            message: `A folder named "${path}" already exists.`,
            field: 'path',
          });
        }
        changes.push({ table: 'folders', op: 'put', ids: await ensureFolders(path) });
        return { path };
      });
    },

    renameFolder(rawOld: string, rawNew: string) {
      return write(async (changes) => {
        const folderRows = await db.folders.toArray();
        const known = new Set(folderRows.map((f) => f.path.toLowerCase()));
        const oldPath = unwrap(checkFolderPath(rawOld, 'old_path'));
        const inside = await db.notes.filter((n) => isInside(n.folderPath, oldPath)).toArray();
        const plan = unwrap(
          planFolderRename(
            rawOld,
            rawNew,
            { folderExists: (p) => known.has(p.toLowerCase()) },
            folderRows.map((f) => f.path),
            inside.map((n) => ({ id: n.id, folder_path: n.folderPath })),
          ),
        );
        await db.folders.bulkDelete(plan.folders.map((f) => f.from));
        const created = await ensureFolders(parentFolder(plan.newPath));
        await db.folders.bulkPut(
          plan.folders.map((f) => {
            const parent = parentFolder(f.to);
            return {
              path: f.to,
              parent,
              name: f.to.slice(parent ? parent.length + 1 : 0),
              position: 0,
              created: now(),
            };
          }),
        );
        const t = now();
        const byId = new Map(inside.map((n) => [n.id, n]));
        const moved = plan.items.map((m) => ({ ...byId.get(m.id)!, folderPath: m.to, modified: t }));
        await db.notes.bulkPut(moved);
        await relink(
          changes,
          moved.map((row) => ({ before: headerOfRow(byId.get(row.id)!), after: headerOfRow(row) })),
        );
        changes.push(
          { table: 'folders', op: 'delete', ids: plan.folders.map((f) => f.from) },
          { table: 'folders', op: 'put', ids: [...created, ...plan.folders.map((f) => f.to)] },
          { table: 'notes', op: 'put', ids: plan.items.map((m) => m.id) },
        );
        return { path: plan.newPath };
      });
    },

    deleteFolder(rawPath: string) {
      return write(async (changes) => {
        const path = unwrap(checkFolderPath(rawPath, 'path'));
        if (!(await db.folders.get(path))) {
          throw new AppFailure({ code: 'NOT_FOUND', message: `No folder "${path}".`, field: 'path' });
        }
        const folders = (await db.folders.toArray()).filter((f) => isInside(f.path, path)).map((f) => f.path);
        const rows = await db.notes.filter((n) => isInside(n.folderPath, path)).toArray();
        const notes = rows.map((n) => n.id);
        await db.folders.bulkDelete(folders);
        await db.notes.bulkDelete(notes);
        await db.bodies.bulkDelete(notes);
        await db.blobs.bulkDelete(notes);
        for (const id of notes) await bodies.remove(id);
        const attached = await deleteAttachmentsOfInTx(db, notes);
        changes.push(
          { table: 'folders', op: 'delete', ids: folders },
          { table: 'notes', op: 'delete', ids: [...notes, ...attached.map((a) => a.id)] },
        );
        await relink(
          changes,
          [...rows, ...attached].map((n) => ({ before: headerOfRow(n) })),
        );
        return { path };
      });
    },
  };
}

export type NotesStore = ReturnType<typeof createNotesStore>;
