import { tick } from '../clock/vectorClock';
import type { JournalRow } from '../journal/journalEntry';

/** Whether a journal row is in the Trash (docs/trash.md). */
export const isTrashedJournal = (row: { trashedAt?: number | null } | null | undefined): boolean =>
  typeof row?.trashedAt === 'number';

/** The live entry, or null for a trashed or missing one: every read of an entry goes through this. */
export function liveJournal<T extends { trashedAt?: number | null }>(row: T | null | undefined): T | null {
  return row && !isTrashedJournal(row) ? row : null;
}

/**
 * The entry as kept in the Trash: every field and its body as they were, `trashedAt` (epoch ms)
 * set and the record clock ticked, so the trash syncs as an update of the same record.
 */
export function trashedJournal(row: JournalRow, at: number, deviceId: string): JournalRow {
  return { ...row, trashedAt: at, clock: tick(row.clock, deviceId) };
}

/** The entry back from the Trash: `trashedAt` null (not absent: a merge keeps a key one side lacks). */
export function restoredJournal(row: JournalRow, deviceId: string): JournalRow {
  return { ...row, trashedAt: null, clock: tick(row.clock, deviceId) };
}
