import type { Change } from '../changes/changeFeed';
import { createDocStore, initialState } from '../crdt/docStore';
import { canvasPath } from '../domain/canvas/canvasRecord';
import { tick, type VectorClock } from '../domain/clock/vectorClock';
import type { ImportSource } from '../stores/importer';
import { incomingRow } from '../sync/recordMerge';
import { rowKeyOf, SYNCED_TABLES, tableOfType } from '../sync/syncedTables';
import type { VaultServices } from '../vault/services';
import { LOCAL_RECORD_TABLES, RESTORE_ORDER, type RecordLine } from './backupFormat';
import type { BackupRecords } from './readBackup';
import { readRecordLines } from './recordLines';
import { remapIds, sameRecord } from './recordRemap';

export interface RecordsSummary {
  restored: number;
  /** the vault already held them, equal */
  identical: number;
  /** restored under a new id, beside the vault's different record of the same id */
  sideBySide: { type: string; id: string; as: string }[];
  /** left out, and why (the vault's own kept; unreadable by this build) */
  notRestored: { type: string; id: string; reason: string }[];
}

/** Records written per transaction. */
const BATCH = 500;

/** Types named by a key the user sees (a date, a name): a different one in the vault is kept, not doubled. */
const NAMED = new Set(['journal', 'tag_definition', 'setting', 'property_definition', 'folder_config']);

type Row = Record<string, unknown>;

/** Types whose restored name is checked against the rows written before it (settleUnique). */
const UNIQUE = new Set(['canvas', 'template', 'bookmark']);

interface TableOf {
  table: string;
  key: string;
  synced: boolean;
}

function tableOf(type: string): TableOf | null {
  const synced = tableOfType(type);
  if (synced) return { table: synced, key: SYNCED_TABLES[synced]!.key, synced: true };
  const local = Object.entries(LOCAL_RECORD_TABLES).find(([, t]) => t.type === type);
  return local ? { table: local[0], key: local[1].key, synced: false } : null;
}

const rowKey = (t: TableOf, id: string) => (t.synced ? rowKeyOf(SYNCED_TABLES[t.table]!, id) : id);

/**
 * Restores the records of a backup (docs/backup.md "Restore"), in RESTORE_ORDER (parents
 * first), after its notes: `noteIds` maps each note id of the backup to the note it became here.
 * Two passes over the records files: the first decides each record's fate against the vault
 * (absent: restored as it was, id and clock kept; equal: skipped; different: a new id beside it,
 * or for a named record the vault's own kept); the second writes in batches of 500, one
 * transaction each, with every id the first pass changed rewritten wherever a record names it.
 * Written through the outbox like any local write: a synced vault sends what was restored.
 * `cancelled` is asked between record types: every batch written stays, consistent (parents
 * come before children), and the same backup imported again skips it (docs/backup.md "Cancel").
 */
export async function restoreRecords(
  services: VaultServices,
  backup: BackupRecords,
  noteIds: ReadonlyMap<string, string>,
  textOf: (path: string) => ImportSource | undefined,
  onRecord: () => void,
  cancelled: () => boolean,
): Promise<{ summary: RecordsSummary; stopped: boolean }> {
  const { db } = services;
  const summary: RecordsSummary = { restored: 0, identical: 0, sideBySide: [], notRestored: [] };
  const remap = new Map<string, string>(noteIds);
  for (const [from, to] of noteIds) if (from === to) remap.delete(from);
  const fates = new Map<string, 'identical' | 'kept' | 'new'>();
  const journalText = async (line: RecordLine) => {
    const src = line.file ? textOf(line.file) : undefined;
    return src ? src.file.text() : '';
  };

  // pass 1: what becomes of each record
  for (const type of RESTORE_ORDER) {
    const source = backup.files.get(type);
    const t = tableOf(type);
    if (!source || !t) continue;
    // an empty table (a restore into a new vault) holds nothing to compare with
    if ((await db.table(t.table).count()) === 0) continue;
    const decide = async (lines: RecordLine[]) => {
      const found = (await db.table(t.table).bulkGet(lines.map((l) => rowKey(t, l.id)))) as (
        | Row
        | undefined
      )[];
      for (const [i, line] of lines.entries()) {
        const existing = found[i];
        if (!existing) continue;
        const incoming =
          type === 'journal' ? { ...line.record, markdown: await journalText(line) } : line.record;
        if (sameRecord(type, existing, incoming)) fates.set(`${type}|${line.id}`, 'identical');
        else if (NAMED.has(type)) fates.set(`${type}|${line.id}`, 'kept');
        else {
          fates.set(`${type}|${line.id}`, 'new');
          remap.set(line.id, services.newId());
        }
      }
    };
    // read in batches: one bulk read of the vault's rows per BATCH lines
    const lines: RecordLine[] = [];
    await readRecordLines(source.file, async (line) => {
      lines.push(line);
      if (lines.length >= BATCH) await decide(lines.splice(0));
    });
    if (lines.length > 0) await decide(lines);
  }

  // pass 2: the writes
  const syncedAt = new Date(services.now()).toISOString();
  for (const type of RESTORE_ORDER) {
    const source = backup.files.get(type);
    const t = tableOf(type);
    if (!source || !t) continue;
    if (cancelled()) return { summary, stopped: true };
    let batch: RecordLine[] = [];
    const flush = async () => {
      const lines = batch;
      batch = [];
      const texts = new Map<string, string>();
      if (type === 'journal') for (const l of lines) texts.set(l.id, await journalText(l));
      await writeBatch(services, type, t, lines, { fates, remap, texts, syncedAt, summary });
      for (const _ of lines) onRecord();
    };
    await readRecordLines(source.file, async (line) => {
      batch.push(line);
      if (batch.length >= BATCH) await flush();
    });
    if (batch.length > 0) await flush();
  }
  return { summary, stopped: false };
}

interface BatchContext {
  fates: Map<string, 'identical' | 'kept' | 'new'>;
  remap: Map<string, string>;
  texts: Map<string, string>;
  syncedAt: string;
  summary: RecordsSummary;
}

async function writeBatch(
  services: VaultServices,
  type: string,
  t: TableOf,
  lines: readonly RecordLine[],
  ctx: BatchContext,
): Promise<void> {
  const { db } = services;
  const tables = [t.table, ...(type === 'journal' ? ['crdtUpdates', 'crdtSnapshots'] : [])];
  const put: string[] = [];
  // rows whose table needs no check against the rows before them go in one bulk write
  const perRow = type === 'journal' || UNIQUE.has(type);
  await db.transaction('rw', tables, async () => {
    const docs = createDocStore(db);
    const rows: Row[] = [];
    for (const line of lines) {
      const fate = ctx.fates.get(`${type}|${line.id}`);
      if (fate === 'identical') {
        ctx.summary.identical++;
        continue;
      }
      if (fate === 'kept') {
        ctx.summary.notRestored.push({
          type,
          id: line.id,
          reason: 'the vault already has a different one of that name; the vault’s is kept',
        });
        continue;
      }
      const id = ctx.remap.get(line.id) ?? line.id;
      const payload = ctx.remap.size > 0 ? (remapIds(line.record, ctx.remap) as Row) : { ...line.record };
      const clock: VectorClock = fate === 'new' ? tick({}, services.deviceId) : line.clock;
      if (type === 'journal') payload.markdown = ctx.texts.get(line.id) ?? '';
      // only where it asks the store: hundreds of awaits of plain promises in a row lose
      // Dexie's transaction zone (PrematureCommitError on a 3,000-task restore)
      const clash = UNIQUE.has(type) ? await settleUnique(services, type, id, payload) : null;
      if (clash) {
        ctx.summary.notRestored.push({ type, id: line.id, reason: clash });
        continue;
      }
      const key = rowKey(t, id);
      let row: Row;
      if (t.synced) {
        const made = incomingRow(type, key, payload, clock, ctx.syncedAt);
        if (made.kind !== 'row') {
          ctx.summary.notRestored.push({ type, id: line.id, reason: 'this version of Cairn cannot read it' });
          continue;
        }
        row = made.row;
        // never synced here yet: the restore is a local write the outbox sends
        if (type === 'task' || type === 'project') row.syncedAt = null;
      } else row = { ...payload, clock };
      if (perRow) await db.table(t.table).put(row);
      else rows.push(row);
      if (type === 'journal' && (await docs.loadState(id)) === null)
        await docs.append(id, initialState(String(row.markdown ?? '')));
      put.push(String(row[t.key]));
      ctx.summary.restored++;
      if (fate === 'new') ctx.summary.sideBySide.push({ type, id: line.id, as: id });
    }
    if (rows.length > 0) await db.table(t.table).bulkPut(rows);
  });
  const changes: Change[] = [{ table: t.table, op: 'put', ids: put }];
  if (put.length > 0) services.feed.committed(changes);
}

/**
 * Names that must be unique: a canvas's Folder/Title and a template's name take the next free
 * ` 1`, ` 2`; an item bookmarked already is not bookmarked twice (answers why).
 */
async function settleUnique(
  services: VaultServices,
  type: string,
  id: string,
  payload: Row,
): Promise<string | null> {
  const { db } = services;
  if (type === 'canvas' && typeof payload.title === 'string' && typeof payload.folder === 'string') {
    const base = payload.title;
    for (let n = 1; ; n++) {
      const hit = await db.canvases
        .where('pathKey')
        .equals(canvasPath(payload.folder, String(payload.title)).toLowerCase())
        .first();
      if (!hit || hit.id === id) return null;
      payload.title = `${base} ${n}`;
    }
  }
  if (type === 'template' && typeof payload.name === 'string') {
    const base = payload.name;
    for (let n = 1; ; n++) {
      const hit = await db.templates
        .where('nameKey')
        .equals(String(payload.name).trim().toLowerCase())
        .first();
      if (!hit || hit.id === id) return null;
      payload.name = `${base} ${n}`;
    }
  }
  if (type === 'bookmark' && typeof payload.itemType === 'string' && typeof payload.itemId === 'string') {
    const hit = await db.bookmarks.where('itemKey').equals(`${payload.itemType}:${payload.itemId}`).first();
    if (hit && hit.id !== id) return 'that item is already bookmarked';
  }
  return null;
}
