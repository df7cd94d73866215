import type { FolderRow, NoteRow } from '../../db/schema';

/** A notes entry of the desktop API (spec 2.9); times as ISO 8601 UTC. */
export interface NoteEntry {
  id: string;
  path: string;
  title: string;
  folder: string;
  created: string;
  modified: string;
  tags: string[];
  wordCount: number | null;
  snippet: string | null;
  emoji: string | null;
  localOnly: boolean;
  fileType: NoteRow['fileType'];
  mimeType: string | null;
  fileSize: number | null;
}

/** `notes.get`: the entry plus the markdown (`content`). */
export interface NoteWithContent extends NoteEntry {
  content: string;
}

/** Vault-relative path including the file name: `Folder/Title.md` for a markdown note. */
export function notePath(row: Pick<NoteRow, 'folderPath' | 'title' | 'fileType'>): string {
  const file = row.fileType === 'markdown' ? `${row.title}.md` : row.title;
  return row.folderPath === '' ? file : `${row.folderPath}/${file}`;
}

export function toNoteEntry(row: NoteRow): NoteEntry {
  const markdown = row.fileType === 'markdown';
  return {
    id: row.id,
    path: notePath(row),
    title: row.title,
    folder: row.folderPath,
    created: new Date(row.created).toISOString(),
    modified: new Date(row.modified).toISOString(),
    tags: row.tags,
    wordCount: markdown ? row.wordCount : null,
    snippet: markdown ? row.snippet : null,
    emoji: row.emoji,
    localOnly: row.localOnly,
    fileType: row.fileType,
    // Markdown has neither (spec 2.9: integers or null for markdown).
    mimeType: markdown ? null : (row.mime ?? null),
    fileSize: markdown ? null : (row.size ?? null),
  };
}

export function toNoteWithContent(row: NoteRow, markdown: string): NoteWithContent {
  return { ...toNoteEntry(row), content: markdown };
}

export interface FolderEntry {
  path: string;
  name: string;
  parent: string;
}

export function toFolderEntry(row: FolderRow): FolderEntry {
  return { path: row.path, name: row.name, parent: row.parent };
}
