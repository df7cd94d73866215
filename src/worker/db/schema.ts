import Dexie, { type EntityTable } from 'dexie';

/**
 * One IndexedDB database per vault, named `cairn-vault-<vaultId>`.
 *
 * Change log (never edit a shipped version; add a new one):
 * - 2026-11-21 v1: notes (metadata), bodies (markdown mirror), folders.
 */
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

export type VaultDb = Dexie & {
  notes: EntityTable<NoteRow, 'id'>;
  bodies: EntityTable<BodyRow, 'id'>;
  folders: EntityTable<FolderRow, 'path'>;
};

export const vaultDbName = (vaultId: string) => `cairn-vault-${vaultId}`;

export function openVaultDb(vaultId: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange): VaultDb {
  const db = new Dexie(
    vaultDbName(vaultId),
    indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {},
  ) as VaultDb;
  db.version(1).stores({
    notes: 'id, modified, titleKey, [folderPath+modified], [folderPath+titleKey]',
    bodies: 'id',
    folders: 'path, parent',
  });
  return db;
}
