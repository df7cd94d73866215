import type { Transaction } from 'dexie';
import { noteDateFields } from '../domain/notes/noteDates';
import { TASK_LINK_TABLES_V17 } from './taskLinkTables';

/**
 * Schema v19: the calendar's note dates (docs/planning.md "Notes on the calendar"). A note row
 * lists its date-valued frontmatter properties as `dateKeys` (`YYYY-MM-DD|name`) and their names
 * as `dateProps`, both multi-entry indexes derived from the properties on every write
 * (stores/noteText.ts) and on every pulled row (sync/recordMerge.ts). So the notes of a calendar
 * range are one index range read, and the date properties in use are the index's unique keys.
 */
export const NOTE_DATE_TABLES_V19: Record<string, string> = {
  notes: `${TASK_LINK_TABLES_V17.notes}, *dateKeys, *dateProps`,
};

/** Fills the two fields of rows written before v19, from the properties the row already holds. */
export async function upgradeNoteDatesV19(tx: Transaction): Promise<void> {
  await tx
    .table('notes')
    .toCollection()
    .modify((n: { properties?: Record<string, unknown>; dateKeys?: string[]; dateProps?: string[] }) => {
      Object.assign(n, noteDateFields(n.properties ?? {}));
    });
}
