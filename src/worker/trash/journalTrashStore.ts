import { tick } from '../domain/clock/vectorClock';
import { type JournalRow, journalId } from '../domain/journal/journalEntry';
import { isTrashedJournal, restoredJournal } from '../domain/trash/journalTrash';
import { purgeDue } from '../domain/trash/noteTrash';
import { createJournalBodies } from '../planning/journal/journalBodies';
import { PlanningFailure, writeTx } from '../planning/writeTx';
import type { VaultServices } from '../vault/services';

/** A journal entry in the Trash as the Trash view lists it; its id is its date. */
export interface TrashedJournalEntry {
  kind: 'journal';
  /** the entry's date (YYYY-MM-DD), as journal.* take it */
  id: string;
  title: string;
  trashedAt: number;
}

/**
 * The journal half of the Trash (docs/trash.md). A trashed entry stays in `journal` (same record,
 * same date id) with `trashedAt`; its body document is kept untouched. Restore clears the mark;
 * `purge` is the real delete (row, body and a tombstone), what `journal.deleteEntry` did before.
 * Its Trash id is the date, the address every `journal.*` operation uses.
 */
export function journalTrash(services: VaultServices) {
  const { db } = services;
  const bodies = createJournalBodies(db);
  const trashedRows = async () => (await db.journal.filter(isTrashedJournal).toArray()) as JournalRow[];
  const notInTrash = (date: string) =>
    new PlanningFailure({
      code: 'NOT_FOUND',
      message: `No journal entry of "${date}" in the Trash.`,
      field: 'id',
    });

  return {
    async list(): Promise<TrashedJournalEntry[]> {
      return (await trashedRows()).map((r) => ({
        kind: 'journal',
        id: r.date,
        title: `Journal ${r.date}`,
        trashedAt: r.trashedAt as number,
      }));
    },

    restore(date: string) {
      return writeTx(services, [db.journal], async (changes) => {
        const id = journalId(date);
        const row = await db.journal.get(id);
        if (!row || !isTrashedJournal(row)) throw notInTrash(date);
        await db.journal.put(restoredJournal(row, services.deviceId));
        changes.push({ table: 'journal', op: 'put', ids: [id] });
        return { restored: [{ id, title: row.date, date: row.date }] };
      });
    },

    /** Deletes these trashed entries (by date) for good; answers the dates deleted. */
    async purge(dates: readonly string[]): Promise<string[]> {
      const tables = [db.journal, db.tombstones, ...bodies.crdtTables()];
      const done = await writeTx(services, tables, async (changes) => {
        const at = new Date(services.now()).toISOString();
        const gone: string[] = [];
        for (const date of dates) {
          const id = journalId(date);
          const row = await db.journal.get(id);
          if (!row || !isTrashedJournal(row)) continue;
          await db.journal.delete(id);
          await bodies.remove(id);
          await db.tombstones.put({
            id,
            kind: 'journal',
            clock: tick(row.clock, services.deviceId),
            deletedAt: at,
          });
          changes.push({ table: 'journal', op: 'delete', ids: [id] });
          gone.push(date);
        }
        return gone;
      });
      return done.ok ? done.value : [];
    },

    /** The dates of trashed entries: all, or those due for the purge at `dueAt`. */
    async trashedIds(which: { dueAt?: number } = {}): Promise<string[]> {
      return (await trashedRows())
        .filter((r) => which.dueAt === undefined || purgeDue(r.trashedAt as number, which.dueAt))
        .map((r) => r.date);
    },
  };
}

export type JournalTrash = ReturnType<typeof journalTrash>;
