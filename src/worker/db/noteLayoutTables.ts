import type { EntityTable } from 'dexie';
import type { NoteFolderConfig } from '../ops/notes/noteFolderConfigSchema';

/** A folder's manual note order (notes.reorder): the ids in order; notes not listed come after. */
export interface NotePositionsRow {
  /** vault-relative folder path, '' the root */
  folder: string;
  ids: string[];
}

/** A folder's note settings (notes.getFolderConfig / setFolderConfig). */
export interface NoteFolderConfigRow {
  path: string;
  config: NoteFolderConfig;
}

/** Whether notes with a date property show on the calendar (notes.setCalendarPropertyVisibility). */
export interface CalendarPropertyRow {
  /** the property definition's nameKey */
  nameKey: string;
  visible: boolean;
}

export interface NoteLayoutTables {
  notePositions: EntityTable<NotePositionsRow, 'folder'>;
  noteFolderConfigs: EntityTable<NoteFolderConfigRow, 'path'>;
  calendarProperties: EntityTable<CalendarPropertyRow, 'nameKey'>;
}

/**
 * Applied as schema version 18 (schema.ts). Local to the device: not in sync/syncedTables.ts, so
 * another device keeps its own order and folder settings (docs/notes.md, "Folder settings").
 */
export const NOTE_LAYOUT_TABLES_V18: Record<string, string> = {
  notePositions: 'folder',
  noteFolderConfigs: 'path',
  calendarProperties: 'nameKey',
};
