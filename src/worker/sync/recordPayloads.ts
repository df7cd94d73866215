import type { RecordSnapshot } from '../../sync/engine/ports';
import { clockKey } from '../../sync/engine/queue/queueKeys';
import type { VaultDb } from '../db/schema';
import type { SyncClockRow } from '../db/syncTables';
import type { VectorClock } from '../domain/clock/vectorClock';
import { incomingRow } from './recordMerge';
import { settingSyncs } from './syncedSettings';
import { rowKeyOf, SYNCED_TABLES, tableOfType } from './syncedTables';

type Row = Record<string, unknown> & { clock?: VectorClock };

/**
 * Local-only fields, never synced (docs/sync-client.md "Types and payloads"): `syncedAt` of tasks
 * and projects; the derived index keys of task rows (`state`, `parentKey`, `statusKey`, rebuilt on
 * apply); `localOnly` of notes (a local-only note is never pushed at all) and their calendar
 * index keys `dateKeys`, `dateProps` (rebuilt on apply from the properties); a canvas's `pathKey`
 * (the unique-name index, rebuilt on apply so a name clash between two devices is settled locally)
 * and its `cardKeys` (the card index, rebuilt on apply);
 * the derived index keys of the schema v6 records (`days`, `targetKey`, `itemKey`, `nameKey`).
 */
const LOCAL_FIELDS: Record<string, readonly string[]> = {
  task: ['syncedAt', 'state', 'parentKey', 'statusKey'],
  project: ['syncedAt'],
  note: ['localOnly', 'dateKeys', 'dateProps'],
  canvas: ['pathKey', 'cardKeys'],
  calendar_event: ['days'],
  reminder: ['targetKey'],
  bookmark: ['itemKey'],
  template: ['nameKey'],
};

/**
 * Rows that never leave the device: a local-only note; a relation-type property definition (spec
 * 2.3: never created, pushed or written); a setting that is not synced (docs/settings.md).
 */
export function pushable(type: string, row: Row): boolean {
  if (type === 'note') return row.localOnly !== true;
  if (type === 'property_definition') return row.type !== 'relation';
  if (type === 'setting') return typeof row.key === 'string' && settingSyncs(row.key);
  return true;
}

export function toPayload(type: string, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const f of LOCAL_FIELDS[type] ?? []) delete out[f];
  return out;
}

/** What the push seals for (type, id): the live row, or its tombstone, or null (nothing to push). */
export async function readRecord(db: VaultDb, type: string, id: string): Promise<RecordSnapshot | null> {
  const table = tableOfType(type);
  if (!table) return null;
  if (type === 'setting' && !settingSyncs(id)) return null;
  const spec = SYNCED_TABLES[table]!;
  const row = (await db.table(table).get(rowKeyOf(spec, id))) as Row | undefined;
  const known = (await db.syncClocks.get(clockKey(type, id))) as SyncClockRow | undefined;
  if (row) {
    if (!pushable(type, row)) return null;
    const clock = spec.clockOnRow ? row.clock : known?.clock;
    if (!clock || Object.keys(clock).length === 0) return null;
    const payload = toPayload(type, row);
    // pre-send validation (spec 4.2.3): what every receiver would ledger as unreadable is not sent
    const check = incomingRow(type, rowKeyOf(spec, id), payload, clock, new Date(0).toISOString());
    if (check.kind === 'drop') return null;
    if (check.kind === 'unreadable') {
      return { clock, deletedAt: null, payload, invalid: `the ${type} payload fails this build's schema` };
    }
    return { clock, deletedAt: null, payload };
  }
  if (known?.deletedAt == null) return null;
  // Tombstone payload: exactly {clock, createdAt, modifiedAt} (spec 2.3); the delete time stands
  // for both times, the creation time being gone with the row.
  const at = new Date(known.deletedAt).toISOString();
  return {
    clock: known.clock,
    deletedAt: known.deletedAt,
    payload: { clock: known.clock, createdAt: at, modifiedAt: at },
  };
}
