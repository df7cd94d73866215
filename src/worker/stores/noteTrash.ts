import { AppFailure } from '../../shared/result';
import type { NoteRow } from '../db/schema';
import { noteDateFields } from '../domain/notes/noteDates';
import { checkFolderPath, isInside } from '../domain/notes/paths/folderPath';
import { fromTrashed, isTrashed, purgeDue, type TrashedNoteRow, toTrashed } from '../domain/trash/noteTrash';
import { headerOfRow } from '../links/headerOfRow';
import { type NoteWriteDeps, type NoteWriteKit, noNote, unwrap } from './noteWriteKit';

/** One entry of the Trash view: a note or filed file, or a folder deleted with what it held. */
export interface TrashedNoteEntry {
  kind: 'note' | 'file' | 'folder';
  /** note or file id; for a folder its path */
  id: string;
  title: string;
  /** where it was (a folder: its parent) */
  folderPath: string;
  trashedAt: number;
  /** a folder: how many notes and files went with it */
  count?: number;
}

const notInTrash = (what: string, field: string) =>
  new AppFailure({ code: 'NOT_FOUND', message: `No ${what} in the Trash.`, field });

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * The notes half of the Trash (docs/trash.md): a delete keeps the row, marked `trashedAt`, out
 * of every index (domain/trash/noteTrash.ts); restore puts it back in its folder (re-created if
 * needed) under a free title; `purge` is the real delete (the tombstone sync carries). Each is
 * one note transaction, like every other note write; links re-resolve as for a delete/create.
 */
export function noteTrash(
  { db, now }: NoteWriteDeps,
  kit: NoteWriteKit,
  hardDelete: (ids: string[]) => Promise<void>,
) {
  /** Every trashed row (a scan of `notes`: the Trash has no index of its own, docs/trash.md). */
  const trashedRows = async (): Promise<TrashedNoteRow[]> =>
    (await db.notes.filter((n) => isTrashed(n)).toArray()) as unknown as TrashedNoteRow[];

  async function freeTitle(folderPath: string, title: string, id: string): Promise<string> {
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? title : `${title} (restored${n === 1 ? '' : ` ${n}`})`;
      const hit = await db.notes
        .where('[folderPath+titleKey]')
        .equals([folderPath, candidate.toLowerCase()])
        .first();
      if (!hit || hit.id === id) return candidate;
    }
  }

  async function restoreRows(rows: TrashedNoteRow[]) {
    return kit.write(async (changes) => {
      const live: NoteRow[] = [];
      const folders = new Set<string>();
      for (const row of rows) {
        const title = await freeTitle(row.folderPath, row.title, row.id);
        const back = fromTrashed(row, title);
        const next = { ...back, ...noteDateFields(back.properties ?? {}) };
        for (const f of await kit.ensureFolders(row.folderPath)) folders.add(f);
        await db.notes.put(next);
        live.push(next);
      }
      changes.push(
        { table: 'notes', op: 'put', ids: live.map((r) => r.id) },
        { table: 'folders', op: 'put', ids: [...folders] },
      );
      const bodies = await db.bodies.bulkGet(live.map((r) => r.id));
      await kit.relink(
        changes,
        live.map((r) => ({ after: headerOfRow(r) })),
        live.flatMap((row, i) =>
          row.fileType === 'markdown' ? [{ row, markdown: bodies[i]?.markdown ?? '' }] : [],
        ),
      );
      return { restored: live.map((r) => ({ id: r.id, title: r.title, folderPath: r.folderPath })) };
    });
  }

  return {
    /** Moves a note or filed file to the Trash. */
    trash(id: string) {
      return kit.write(async (changes) => {
        const row = await db.notes.get(id);
        if (!row || isTrashed(row)) throw noNote(id);
        await db.notes.put(toTrashed(row, now()) as unknown as NoteRow);
        changes.push({ table: 'notes', op: 'put', ids: [id] });
        await kit.relink(changes, [{ before: headerOfRow(row) }]);
        return { id };
      });
    },

    /** Moves a folder, its subfolders and every note and file inside to the Trash, as one item. */
    trashFolder(rawPath: string) {
      return kit.write(async (changes) => {
        const path = unwrap(checkFolderPath(rawPath, 'path'));
        if (!(await db.folders.get(path))) {
          throw new AppFailure({ code: 'NOT_FOUND', message: `No folder "${path}".`, field: 'path' });
        }
        const folders = (await db.folders.toArray()).filter((f) => isInside(f.path, path)).map((f) => f.path);
        const rows = await db.notes.filter((n) => !isTrashed(n) && isInside(n.folderPath, path)).toArray();
        const at = now();
        await db.notes.bulkPut(rows.map((r) => toTrashed(r, at, path) as unknown as NoteRow));
        await db.folders.bulkDelete(folders);
        changes.push(
          { table: 'folders', op: 'delete', ids: folders },
          { table: 'notes', op: 'put', ids: rows.map((r) => r.id) },
        );
        await kit.relink(
          changes,
          rows.map((r) => ({ before: headerOfRow(r) })),
        );
        return { path };
      });
    },

    /** What the Trash holds, newest first: a folder's notes are one entry. */
    async list(): Promise<TrashedNoteEntry[]> {
      const folders = new Map<string, TrashedNoteEntry>();
      const out: TrashedNoteEntry[] = [];
      for (const r of await trashedRows()) {
        const folder = r.trashedFrom.folder;
        if (folder === undefined) {
          out.push({
            kind: r.fileType === 'markdown' ? 'note' : 'file',
            id: r.id,
            title: r.title,
            folderPath: r.folderPath,
            trashedAt: r.trashedAt,
          });
          continue;
        }
        const entry = folders.get(folder);
        if (entry) {
          entry.count = (entry.count ?? 0) + 1;
          entry.trashedAt = Math.max(entry.trashedAt, r.trashedAt);
        } else {
          folders.set(folder, {
            kind: 'folder',
            id: folder,
            title: folder.slice(folder.lastIndexOf('/') + 1),
            folderPath: parentOf(folder),
            trashedAt: r.trashedAt,
            count: 1,
          });
        }
      }
      return [...out, ...folders.values()].sort(
        (a, b) => b.trashedAt - a.trashedAt || a.id.localeCompare(b.id),
      );
    },

    /** Puts a trashed note or file back where it was. */
    async restore(id: string) {
      const row = await db.notes.get(id);
      if (!isTrashed(row))
        return { ok: false as const, error: notInTrash(`note or file with id "${id}"`, 'id').error };
      return restoreRows([row]);
    },

    /** Puts a trashed folder back with everything that went with it. */
    async restoreFolder(path: string) {
      const rows = (await trashedRows()).filter((r) => r.trashedFrom.folder === path);
      if (rows.length === 0) return { ok: false as const, error: notInTrash(`folder "${path}"`, 'id').error };
      return restoreRows(rows);
    },

    /** Deletes for good the trashed notes of these entries; answers the ids deleted. */
    async purge(ids: readonly string[]): Promise<string[]> {
      const rows = await db.notes.bulkGet([...ids]);
      const gone = rows.filter((r): r is NoteRow => isTrashed(r)).map((r) => r.id);
      if (gone.length > 0) await hardDelete(gone);
      return gone;
    },

    /** The ids of trashed rows: all of them, of one folder entry, or those due at `at`. */
    async trashedIds(which: { folder?: string; dueAt?: number } = {}): Promise<string[]> {
      return (await trashedRows())
        .filter((r) => which.folder === undefined || r.trashedFrom.folder === which.folder)
        .filter((r) => which.dueAt === undefined || purgeDue(r.trashedAt, which.dueAt))
        .map((r) => r.id);
    },
  };
}

export type NoteTrash = ReturnType<typeof noteTrash>;
