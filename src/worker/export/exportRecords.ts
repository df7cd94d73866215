import type { VaultDb } from '../db/schema';
import type { EventRecord } from '../domain/calendar/calendarEvent';
import type { CanvasRow } from '../domain/canvas/canvasRecord';
import { canvasPath } from '../domain/canvas/canvasRecord';
import type { VectorClock } from '../domain/clock/vectorClock';
import type { JournalRow } from '../domain/journal/journalEntry';
import { toPayload } from '../sync/recordPayloads';
import { settingSyncs } from '../sync/syncedSettings';
import { itemIdOf, SYNCED_TABLES } from '../sync/syncedTables';
import {
  EVENTS_FILE,
  JOURNAL_FOLDER,
  LOCAL_RECORD_TABLES,
  NOT_BACKED_UP,
  type RecordLine,
  recordsFile,
} from './backupFormat';
import { ICS_HEAD, ICS_TAIL, veventText } from './eventsIcs';
import { toJsonCanvas } from './jsonCanvas';
import type { ZipWriter } from './zipWriter';

type Row = Record<string, unknown> & { clock?: VectorClock };

/** Told after each record written; answers true when the export was cancelled (it then stops). */
export type Tick = () => boolean;

export class TransferCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** A name not yet in the zip: `Journal/2026-11-29.md`, else `Journal/2026-11-29 1.md`, … */
function freeName(zip: ZipWriter, stem: string, ext: string): string {
  let name = `${stem}${ext}`;
  for (let n = 1; zip.names.has(name); n++) name = `${stem} ${n}${ext}`;
  return name;
}

/** How many records `writeRecords` will write (for the progress total). */
export async function countRecords(db: VaultDb): Promise<number> {
  let total = 0;
  for (const table of backedUpTables()) total += await db.table(table).count();
  return total;
}

/**
 * A row in the Trash (a task, a subtask that went with it, a canvas: `trashedAt` set) is not
 * backed up: a backup holds the vault's live content, and a restore never brings back what was
 * deleted (docs/backup.md).
 */
export const inTrash = (row: unknown): boolean => (row as { trashedAt?: unknown } | null)?.trashedAt != null;

const backedUpTables = () => [
  ...Object.keys(SYNCED_TABLES).filter((t) => !NOT_BACKED_UP.has(t)),
  ...Object.keys(LOCAL_RECORD_TABLES),
];

/**
 * Writes every record of the vault into the zip (docs/backup.md): journal entries as markdown
 * files and canvases as `.canvas` files first (their paths go in their records), events as one
 * `.ics`, then one records file per type. Tables are read with cursors (`each`), one row at a
 * time; only a map of ids to file names is kept between passes.
 */
export async function writeRecords(
  db: VaultDb,
  zip: ZipWriter,
  notePath: (noteId: string) => string | null,
  tick: Tick,
): Promise<void> {
  const fileOf = new Map<string, string>();
  // a trashed project's statuses and links carry no Trash mark of their own: they stay with it
  const trashedProjects = new Set<string>();
  await db.projects.each((row) => {
    if (inTrash(row)) trashedProjects.add(row.id);
  });
  const ofTrashedProject = (row: Row) =>
    typeof row.projectId === 'string' && trashedProjects.has(row.projectId);
  await db.journal.each((row: JournalRow) => {
    if (inTrash(row)) return;
    const name = freeName(zip, `${JOURNAL_FOLDER}/${row.date}`, '.md');
    zip.add(name, new TextEncoder().encode(row.markdown), 6, Date.parse(row.modifiedAt));
    fileOf.set(`journal|${row.id}`, name);
  });
  await db.canvases.each((row: CanvasRow) => {
    if (inTrash(row)) return;
    const name = freeName(zip, canvasPath(row.folder, row.title), '.canvas');
    const text = JSON.stringify(toJsonCanvas(row.elements, notePath), null, '\t');
    zip.add(name, new TextEncoder().encode(text), 6, row.updatedAt);
    fileOf.set(`canvas|${row.id}`, name);
  });
  if ((await db.calendarEvents.count()) > 0) {
    const ics = zip.stream(EVENTS_FILE);
    ics.write(ICS_HEAD);
    await db.calendarEvents.each((row: EventRecord) => ics.write(veventText(row)));
    ics.write(ICS_TAIL);
    ics.end();
  }
  for (const table of backedUpTables()) {
    if (tick()) throw new TransferCancelled();
    const synced = SYNCED_TABLES[table];
    const spec = synced ?? { ...LOCAL_RECORD_TABLES[table]!, clockOnRow: true };
    if ((await db.table(table).count()) === 0) continue;
    // the clock of a table that does not carry it on its rows (property definitions, folder views)
    const clocks = new Map<string, VectorClock>();
    if (!spec.clockOnRow) {
      for (const c of await db.syncClocks.where('type').equals(spec.type).toArray())
        clocks.set(c.id, c.clock);
    }
    const out = zip.stream(recordsFile(spec.type));
    out.write('[');
    let first = true;
    let stopped = false;
    await db.table(table).each((row: Row) => {
      if (stopped) return;
      if (spec.type === 'setting' && !settingSyncs(String(row.key))) return;
      if (inTrash(row)) return;
      if ((table === 'statuses' || table === 'projectLinks') && ofTrashedProject(row)) return;
      const id = synced ? itemIdOf(synced, row[spec.key]) : String(row[spec.key]);
      const record = toPayload(spec.type, row);
      const clock = (spec.clockOnRow ? row.clock : clocks.get(id)) ?? {};
      delete record.clock;
      const file = fileOf.get(`${spec.type}|${id}`);
      // a journal entry's text is its markdown file; the record keeps the rest
      if (spec.type === 'journal') delete record.markdown;
      const line: RecordLine = { id, clock, record, ...(file ? { file } : {}) };
      out.write(`${first ? '\n' : ',\n'}${JSON.stringify(line)}`);
      first = false;
      if (tick()) stopped = true;
    });
    out.write('\n]\n');
    out.end();
    if (stopped) throw new TransferCancelled();
  }
}

/** The clock a note's record carries (kept by the outbox in `syncClocks`). */
export async function noteClocks(db: VaultDb): Promise<Map<string, VectorClock>> {
  const out = new Map<string, VectorClock>();
  for (const c of await db.syncClocks.where('type').equals('note').toArray()) out.set(c.id, c.clock);
  return out;
}
