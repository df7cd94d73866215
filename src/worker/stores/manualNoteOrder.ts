import type { NotePositionsRow } from '../db/noteLayoutTables';
import type { NoteRow } from '../db/notesTables';
import { request } from '../db/rawIdb';

/**
 * A folder's notes in their manual order (notes.reorder): the stored ids still directly in the
 * folder first, in their stored order, then the notes with no position, least recently edited
 * first (so a note made after the last reorder shows at the end). Reads only keys: the folder's
 * primary keys from `[folderPath+modified]` and the one positions row, never the note rows.
 */
export async function manualNoteOrder(db: IDBDatabase, folder: string): Promise<string[]> {
  const tx = db.transaction(['notes', 'notePositions'], 'readonly');
  return orderIn(tx, folder);
}

async function orderIn(tx: IDBTransaction, folder: string): Promise<string[]> {
  const range = IDBKeyRange.bound([folder, -Infinity], [folder, Infinity]);
  const [keys, row] = await Promise.all([
    request(tx.objectStore('notes').index('[folderPath+modified]').getAllKeys(range)),
    request(tx.objectStore('notePositions').get(folder) as IDBRequest<NotePositionsRow | undefined>),
  ]);
  const inFolder = new Set(keys as string[]);
  const ordered = (row?.ids ?? []).filter((id) => inFolder.delete(id));
  // What remains in the set keeps the index's order: ascending `modified`.
  return [...ordered, ...inFolder];
}

/** One page of a folder's notes in manual order, and how many notes the folder holds. */
export async function manualNotePage(
  db: IDBDatabase,
  folder: string,
  offset: number,
  limit: number,
): Promise<{ items: NoteRow[]; total: number }> {
  const tx = db.transaction(['notes', 'notePositions'], 'readonly');
  const order = await orderIn(tx, folder);
  const notes = tx.objectStore('notes');
  const rows = await Promise.all(
    order
      .slice(offset, offset + limit)
      .map((id) => request(notes.get(id) as IDBRequest<NoteRow | undefined>)),
  );
  return { items: rows.filter((r): r is NoteRow => r !== undefined), total: order.length };
}
