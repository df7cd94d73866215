import type { EntityTable } from 'dexie';

/** Tables of the knowledge half of the vault (notes, folders, bodies). See schema.ts for versions. */
export interface NoteRow {
  id: string;
  title: string;
  /** lower-cased title: the index behind unique-title-per-folder and title look-ups */
  titleKey: string;
  /** vault-relative, no leading or trailing slash; '' is the vault root */
  folderPath: string;
  fileType: 'markdown' | 'pdf' | 'image' | 'audio' | 'video';
  /** first characters of the body, for lists (bodies are never loaded to list) */
  snippet: string;
  wordCount: number;
  tags: string[];
  emoji: string | null;
  localOnly: boolean;
  /** epoch ms */
  created: number;
  modified: number;
}

export interface BodyRow {
  id: string;
  markdown: string;
}

export interface FolderRow {
  /** vault-relative path, the primary key */
  path: string;
  /** parent folder path, '' for top level */
  parent: string;
  name: string;
  position: number;
  created: number;
}

export interface NotesTables {
  notes: EntityTable<NoteRow, 'id'>;
  bodies: EntityTable<BodyRow, 'id'>;
  folders: EntityTable<FolderRow, 'path'>;
}

export const NOTES_TABLES_V1 = {
  notes: 'id, modified, titleKey, [folderPath+modified], [folderPath+titleKey]',
  bodies: 'id',
  folders: 'path, parent',
};

/** v2 adds nothing yet to the v1 tables; the CRDT store and the rest of issue 3 land here. */
export const NOTES_TABLES_V2: Record<string, string> = {
  notes: 'id, modified, titleKey, *tags, fileType, [folderPath+modified], [folderPath+titleKey]',
};
