import type { EntityTable } from 'dexie';
import type { LinkRow } from '../domain/notes/links/linkRows';
import type { FolderViewRow } from '../ops/folderView/folderViewSchemas';
import type { PropertyDefinition } from '../ops/properties/propertyRules';
import type { SearchReason } from '../search/searchReasons';

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
  /** frontmatter `aliases`/`alias` (resolveByTitle's fallback); absent on rows written before 2026-11-21 */
  aliases?: string[];
  /** the frontmatter's properties (folder views list them without reading bodies); absent on rows written before 2026-11-21 */
  properties?: Record<string, unknown>;
  /** tasks the body links to (noteText.ts); indexed from schema v17, absent on rows written before it */
  linkedTaskIds?: string[];
  /** the calendar's index keys (`date|property`) of the frontmatter's dates; schema v19, derived like tags, never synced */
  dateKeys?: string[];
  /** the names of those date properties; schema v19, derived, never synced */
  dateProps?: string[];
  emoji: string | null;
  localOnly: boolean;
  /**
   * markdown notes: the ids of the files attached to it (spec 2.3), synced, merged as a union;
   * absent until the note's attachments change (issue 15)
   */
  attachmentReferences?: string[];
  /** filed files only: MIME type and size in bytes (null/absent for markdown) */
  mime?: string | null;
  size?: number | null;
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

/** One Yjs update of a document (a note or journal body), append-only; `seq` orders them. */
export interface CrdtUpdateRow {
  seq?: number;
  docId: string;
  update: Uint8Array;
}

/** The compacted state of a document: every update with seq <= coveredSeq merged into one. */
export interface CrdtSnapshotRow {
  docId: string;
  state: Uint8Array;
  coveredSeq: number;
}

/** A saved version of a note's markdown (getVersions / restoreVersion). */
export interface NoteVersionRow {
  id: string;
  noteId: string;
  created: number;
  markdown: string;
  /** why it was kept: 'edit' (periodic while editing), 'restore' (text replaced by a restore), 'agent' */
  reason: 'edit' | 'restore' | 'agent' | 'import';
  title: string;
}

/** The bytes of a filed file (a row of `notes` whose fileType is not markdown). */
export interface BlobRow {
  id: string;
  blob: Blob;
}

/**
 * One link of a note's body (domain LinkRow, src/worker/domain/notes/links/linkRows.ts) as
 * stored: `seq` (auto-increment) keeps a note's rows in document order. Rows of a note are
 * replaced in the same transaction as its body mirror; `to_id` is null while unresolved (and then
 * absent from the `to_id` index).
 */
export type StoredLinkRow = LinkRow & { seq?: number };

/** One chunk of the persistent full-text index (src/worker/search, SearchStore port). */
export interface SearchChunkRow {
  key: string;
  value: string;
}

export interface NotesTables {
  /** v9: search reasons (src/worker/search/searchReasons.ts), indexed by note */
  searchReasons: EntityTable<SearchReason, 'id'>;
  blobs: EntityTable<BlobRow, 'id'>;
  searchChunks: EntityTable<SearchChunkRow, 'key'>;
  notes: EntityTable<NoteRow, 'id'>;
  bodies: EntityTable<BodyRow, 'id'>;
  folders: EntityTable<FolderRow, 'path'>;
  crdtUpdates: EntityTable<CrdtUpdateRow, 'seq'>;
  crdtSnapshots: EntityTable<CrdtSnapshotRow, 'docId'>;
  noteVersions: EntityTable<NoteVersionRow, 'id'>;
  links: EntityTable<StoredLinkRow, 'seq'>;
  propertyDefinitions: EntityTable<PropertyDefinition, 'nameKey'>;
  folderViews: EntityTable<FolderViewRow, 'path'>;
}

export const NOTES_TABLES_V1 = {
  notes: 'id, modified, titleKey, [folderPath+modified], [folderPath+titleKey]',
  bodies: 'id',
  folders: 'path, parent',
};

/** v2: tag and file-type indexes; the per-vault CRDT store; note versions. */
export const NOTES_TABLES_V2: Record<string, string> = {
  notes: 'id, modified, titleKey, *tags, fileType, [folderPath+modified], [folderPath+titleKey]',
  crdtUpdates: '++seq, docId',
  crdtSnapshots: 'docId',
  noteVersions: 'id, noteId, [noteId+created]',
  blobs: 'id',
  searchChunks: 'key',
  links: '++seq, from_id, to_id, target_name',
  propertyDefinitions: 'nameKey',
  folderViews: 'path',
};

/** v9: search reasons (why a note should surface; docs/search.md, "Reasons"). */
export const NOTES_TABLES_V9: Record<string, string> = {
  searchReasons: 'id, note_id',
};
