/**
 * Which Dexie tables sync, under which item type, and where their clock lives.
 * `clockOnRow`: the row carries its own `clock` (tasks, projects, statuses, journal, inbox);
 * otherwise the record clock is kept by the outbox in `syncClocks` (notes).
 * Tables not listed here never enter the outbox (local-only state, derived indexes, settings).
 */
export interface SyncedTable {
  type: string;
  clockOnRow: boolean;
}

export const SYNCED_TABLES: Readonly<Record<string, SyncedTable>> = {
  notes: { type: 'note', clockOnRow: false },
  tasks: { type: 'task', clockOnRow: true },
  projects: { type: 'project', clockOnRow: true },
  statuses: { type: 'project_status', clockOnRow: true },
  journal: { type: 'journal', clockOnRow: true },
  inbox: { type: 'inbox_item', clockOnRow: true },
};

/** Yjs updates of note (and journal) bodies: each added row becomes one append-only body row. */
export const BODY_UPDATES_TABLE = 'crdtUpdates';

/** The pseudo-type of body rows in the outbox (the `note_body` declaration token of spec 4.1). */
export const NOTE_BODY_TYPE = 'note_body';

export const isTrackedTable = (name: string) => name in SYNCED_TABLES || name === BODY_UPDATES_TABLE;

export const tableOfType = (type: string): string | null =>
  Object.entries(SYNCED_TABLES).find(([, t]) => t.type === type)?.[0] ?? null;
