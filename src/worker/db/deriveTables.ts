import type { EntityTable } from 'dexie';

/**
 * A note whose body was typed into (the editor's keystroke path) and whose derived data (row
 * fields, links, search) has not been brought up to date yet (src/worker/stores/noteDerivation.ts).
 * Written in the same transaction as the keystroke, deleted in the one that derives, so a tab
 * closed in between leaves the row and the next start derives the note.
 */
export interface DerivePendingRow {
  /** the note's id */
  id: string;
  /** epoch ms of the latest edit waiting */
  editedAt: number;
}

export interface DeriveTables {
  derivePending: EntityTable<DerivePendingRow, 'id'>;
}

/** Applied as schema version 15 (schema.ts). Local to the device: never synced. */
export const DERIVE_TABLES_V15: Record<string, string> = {
  derivePending: 'id',
};
