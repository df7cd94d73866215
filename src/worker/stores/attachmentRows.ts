import type { NoteRow, VaultDb } from '../db/schema';
import { attachmentFolder } from '../domain/notes/attachments';

/** The attachment rows of one note, by name (call inside or outside a transaction over `notes`). */
export function attachmentRowsOf(db: VaultDb, noteId: string): Promise<NoteRow[]> {
  const folder = attachmentFolder(noteId);
  return db.notes
    .where('[folderPath+titleKey]')
    .between([folder, ''], [folder, '\uffff'], true, true)
    .toArray();
}

/**
 * Deletes the attachments of these notes and their bytes; returns the rows removed. Call inside
 * the transaction that deletes the notes, over `notes` and `blobs`.
 */
export async function deleteAttachmentsOfInTx(db: VaultDb, noteIds: readonly string[]): Promise<NoteRow[]> {
  const removed: NoteRow[] = [];
  for (const id of noteIds) removed.push(...(await attachmentRowsOf(db, id)));
  const ids = removed.map((r) => r.id);
  await db.notes.bulkDelete(ids);
  await db.blobs.bulkDelete(ids);
  return removed;
}
