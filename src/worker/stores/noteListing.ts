import type { FolderRow, NoteRow } from '../db/notesTables';
import { request } from '../db/rawIdb';
import { manualNotePage } from './manualNoteOrder';

/** `manual`: a folder's stored order (notes.reorder); over the whole vault it reads as `modified`. */
export type NoteSort = 'modified' | 'title' | 'manual';
export interface NoteListQuery {
  /** a folder path: its direct notes only; omitted: every note of the vault */
  folder?: string;
  offset: number;
  limit: number;
  sort: NoteSort;
}
export interface NotePage {
  items: NoteRow[];
  total: number;
}

const MAX_PAGE = 500;

/** Up to `limit` values of `source` from `offset` on, in `direction`. */
function page<T>(
  source: IDBObjectStore | IDBIndex,
  range: IDBKeyRange | null,
  direction: IDBCursorDirection,
  offset: number,
  limit: number,
): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const out: T[] = [];
    if (limit === 0) return resolve(out);
    const req = source.openCursor(range, direction);
    let skipped = offset === 0;
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return resolve(out);
      if (!skipped) {
        skipped = true;
        return cursor.advance(offset);
      }
      out.push(cursor.value as T);
      if (out.length >= limit) resolve(out);
      else cursor.continue();
    };
  });
}

/**
 * The note list's reads: one page of headers and the folder rows, in native IndexedDB on the
 * stores Dexie keeps (src/worker/db/rawIdb.ts). They need nothing but the database, so the vault
 * worker's entry answers them before Dexie and the rest of the vault are loaded
 * (src/worker/vault.worker.ts); the notes store answers them the same way afterwards.
 */
export async function listNotePage(db: IDBDatabase, q: NoteListQuery): Promise<NotePage> {
  const limit = Math.max(0, Math.min(MAX_PAGE, Math.floor(q.limit)));
  const offset = Math.max(0, Math.floor(q.offset));
  const notes = db.transaction('notes', 'readonly').objectStore('notes');
  if (q.folder === undefined) {
    const [items, total] = await Promise.all([
      q.sort === 'title'
        ? page<NoteRow>(notes.index('titleKey'), null, 'next', offset, limit)
        : page<NoteRow>(notes.index('modified'), null, 'prev', offset, limit),
      // counted on an index: a trashed note is in none (docs/trash.md)
      request(notes.index('modified').count()),
    ]);
    return { items, total };
  }
  const f = q.folder;
  if (q.sort === 'manual') return manualNotePage(db, f, offset, limit);
  const byModified = IDBKeyRange.bound([f, -Infinity], [f, Infinity]);
  const [items, total] = await Promise.all([
    q.sort === 'title'
      ? page<NoteRow>(
          notes.index('[folderPath+titleKey]'),
          IDBKeyRange.bound([f, ''], [f, '\uffff']),
          'next',
          offset,
          limit,
        )
      : page<NoteRow>(notes.index('[folderPath+modified]'), byModified, 'prev', offset, limit),
    request(notes.index('[folderPath+modified]').count(byModified)),
  ]);
  return { items, total };
}

export function listFolderRows(db: IDBDatabase): Promise<FolderRow[]> {
  return request(
    db.transaction('folders', 'readonly').objectStore('folders').getAll() as IDBRequest<FolderRow[]>,
  );
}
