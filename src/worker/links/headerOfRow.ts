import type { NoteRow } from '../db/schema';
import type { NoteHeader } from '../domain/notes/noteHeader';

/**
 * The link-resolution header of a stored note or filed file. A filed file's title is its file
 * name (the importer keeps the extension), so it is linked by its title and needs no file_name.
 */
export function headerOfRow(row: NoteRow): NoteHeader {
  const header: NoteHeader = {
    id: row.id,
    title: row.title,
    folder_path: row.folderPath,
    file_type: row.fileType,
  };
  if (row.aliases && row.aliases.length > 0) header.aliases = row.aliases;
  return header;
}

/** Whether two headers resolve links (and aliases) the same way. */
export function sameHeader(a: NoteHeader | undefined, b: NoteHeader | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.title === b.title &&
    a.folder_path === b.folder_path &&
    a.file_type === b.file_type &&
    (a.aliases ?? []).join('\u0000') === (b.aliases ?? []).join('\u0000')
  );
}
