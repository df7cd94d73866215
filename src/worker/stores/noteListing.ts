import type { FolderRow, NoteRow, VaultDb } from '../db/schema';

export type NoteSort = 'modified' | 'title';
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

/**
 * The note list's reads: one page of headers and the folder rows. They need nothing but the
 * database, so the vault worker answers them while the rest of the vault is still loading
 * (src/worker/vault.worker.ts); the notes store answers them the same way afterwards.
 */
export function listNotePage(db: VaultDb, q: NoteListQuery): Promise<NotePage> {
  const limit = Math.max(0, Math.min(MAX_PAGE, Math.floor(q.limit)));
  const offset = Math.max(0, Math.floor(q.offset));
  return db.transaction('r', db.notes, async () => {
    if (q.folder === undefined) {
      const coll = q.sort === 'title' ? db.notes.orderBy('titleKey') : db.notes.orderBy('modified').reverse();
      return { items: await coll.offset(offset).limit(limit).toArray(), total: await db.notes.count() };
    }
    const folder = q.folder;
    // Dexie collections are mutable (offset/limit change them): one fresh range per use.
    const range = () =>
      q.sort === 'title'
        ? db.notes.where('[folderPath+titleKey]').between([folder, ''], [folder, '\uffff'], true, true)
        : db.notes
            .where('[folderPath+modified]')
            .between([folder, -Infinity], [folder, Infinity], true, true);
    const ordered = q.sort === 'title' ? range() : range().reverse();
    const total = await db.notes.where('folderPath').equals(folder).count();
    return { items: await ordered.offset(offset).limit(limit).toArray(), total };
  });
}

export function listFolderRows(db: VaultDb): Promise<FolderRow[]> {
  return db.folders.orderBy('path').toArray();
}
