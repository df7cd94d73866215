import type { VaultDb } from '../../db/schema';
import type { InboxRow } from '../../domain/inbox/inboxItem';
import { destinationOf } from '../../domain/inbox/learnedSuggestions';
import { noteTitleOf } from '../../domain/inbox/noteTitle';
import { attachmentFolder } from '../../domain/notes/attachments';
import { liveNote } from '../../domain/trash/noteTrash';

/** The item's text as markdown: its content, then its link. */
export function markdownOf(row: InboxRow): string {
  const parts = [row.content ?? '', row.sourceUrl ? `<${row.sourceUrl}>` : ''].filter((p) => p !== '');
  return parts.join('\n\n');
}

/** The body of the note filing makes: a file capture's embed first, then the text. */
export function noteMarkdownOf(row: InboxRow, attachmentName: string | null): string {
  if (attachmentName === null) return markdownOf(row);
  return [`![[${attachmentName}]]`, row.content ?? ''].filter((p) => p !== '').join('\n\n');
}

/**
 * Whether the note a filed item became is still exactly as filing made it: its title, folder and
 * body, and no attachment but the capture's file. Such a note is removed by undoFile (as an
 * unedited task is), so undo then file again does not meet the note it left behind. Any edit,
 * rename, move or added attachment keeps it.
 */
export async function isUneditedFiledNote(db: VaultDb, row: InboxRow, noteId: string): Promise<boolean> {
  const [note, body] = await Promise.all([db.notes.get(noteId).then(liveNote), db.bodies.get(noteId)]);
  if (!note || !body) return false;
  const into = destinationOf(row);
  const fileName = row.metadata?.attachment?.split('/').pop() ?? null;
  const attachments = await db.notes.where('folderPath').equals(attachmentFolder(noteId)).primaryKeys();
  return (
    into === `folder:${note.folderPath}` &&
    note.title === noteTitleOf(row.title) &&
    body.markdown === noteMarkdownOf(row, fileName) &&
    attachments.length === (row.metadata?.attachmentId ? 1 : 0) &&
    (row.metadata?.attachmentId === undefined || attachments[0] === row.metadata.attachmentId)
  );
}
