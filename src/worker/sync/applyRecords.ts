import Dexie from 'dexie';
import type { HeldItem, IncomingRecord, ItemKey, OrphanMode } from '../../sync/engine/ports';
import { clockKey, recordQid } from '../../sync/engine/queue/queueKeys';
import { createDocStore } from '../crdt/docStore';
import type { VaultDb } from '../db/schema';
import type { SyncClockRow } from '../db/syncTables';
import {
  clocksEqual,
  compare,
  deleteApplies,
  merge,
  tick,
  type VectorClock,
} from '../domain/clock/vectorClock';
import type { TaskRecord } from '../domain/tasks/types';
import { taskIndexKeys } from '../domain/tasks/views/queryPort';
import { isTrashedCanvas } from '../domain/trash/canvasTrash';
import { settleCanvasName } from './canvasNames';
import { missingParents } from './parentRefs';
import { adoptPulledBody } from './pulledBody';
import { markPulled } from './pulledTransactions';
import { incomingRow, mergeRows } from './recordMerge';
import { nextRow } from './recordMutation';
import type { SyncAckRow } from './syncAcks';
import { rowKeyOf, SYNCED_TABLES, tableOfType } from './syncedTables';
import { settleUniqueKey } from './uniqueKeys';

type Row = Record<string, unknown> & { clock?: VectorClock };

/** Parents before children (spec 4.3.3): projects, then their statuses, then tasks; the rest after. */
const ORDER: Record<string, number> = { project: 0, project_status: 1, task: 2 };

export interface ApplyOutcome {
  changed: { type: string; id: string; table: string; op: 'put' | 'delete' }[];
  unreadable: ItemKey[];
  /** orphans not stored (mode `hold`), with the parents they need (spec 4.3.6) */
  held: HeldItem[];
  /** items this build never stores (spec 2.3): the caller remembers them in `declinedSyncRefs` */
  declined: ItemKey[];
}

/**
 * Applies verified remote records in ONE transaction marked pulled (nothing is re-enqueued by the
 * outbox middleware). Guarantees:
 * - equal clock and identical payload: skipped; equal clock, different payload: applied (4.3.4);
 * - a remote delete removes the local row unless its clock is strictly after the tombstone
 *   (4.3.7); the delete clock is remembered, and a queued local change it overrides is dropped;
 * - a remote live row over a local tombstone whose clock the remote does not pass is not stored;
 *   one concurrent with it (edited without seeing the delete) re-queues the delete, clocks merged;
 * - when the merge keeps local changes the remote lacks (merged clock is not the remote's), the
 *   merged row is queued for push in the same transaction, so the other devices get the union;
 * - `changed` names only rows whose stored state changed: a remote version the local row already
 *   dominates changes nothing and announces nothing (spec 6.2);
 * - a task or status whose parent is absent is handled as `orphans` says (ports.ts OrphanMode).
 */
export async function applyRecords(
  db: VaultDb,
  items: IncomingRecord[],
  now: () => number,
  /** this install's device id: it ticks the tombstone of a row that lost a unique-key clash */
  deviceId: string,
  orphans: OrphanMode = 'keep',
): Promise<ApplyOutcome> {
  const sorted = [...items].sort((a, b) => (ORDER[a.type] ?? 3) - (ORDER[b.type] ?? 3));
  const tables = [
    ...Object.keys(SYNCED_TABLES),
    'bodies',
    'crdtUpdates',
    'crdtSnapshots',
    'syncClocks',
    'syncQueue',
    'syncAcks',
  ];
  const outcome: ApplyOutcome = { changed: [], unreadable: [], held: [], declined: [] };
  await db.transaction('rw', tables, async () => {
    markPulled(Dexie.currentTransaction);
    const pre = await prefetch(db, sorted);
    for (const item of sorted) {
      await applyOne(db, item, now(), deviceId, orphans, outcome, pre);
      pre.touched.add(clockKey(item.type, item.id));
    }
    // nothing in the batch reads them: written once, in item order (the last of a key wins)
    if (pre.acks.length > 0) await db.syncAcks.bulkPut(pre.acks);
  });
  return outcome;
}

/**
 * What a batch's items read of their own local state, read in bulk before the first applies (one
 * request per table instead of several per item: a first sync applies its records 100 to 256 at
 * a time). A value is used once, by the first item of its key, and only when nothing of the batch
 * wrote it before: a key written by an earlier item (`touched`, the same key twice) is read
 * again. Types whose apply writes OTHER rows of their table (a canvas name clash, a unique-key
 * clash) always read, and so do the rows they could write.
 */
interface Prefetched {
  rows: Map<string, Row | undefined>;
  clocks: Map<string, SyncClockRow | undefined>;
  /** body states of the batch's note and journal ids (absent: no CRDT state) */
  states: Map<string, Uint8Array>;
  touched: Set<string>;
  /** the batch's `syncAcks` rows, put together at its end */
  acks: SyncAckRow[];
}

/** Types whose apply may write another row of their table (canvasNames.ts, uniqueKeys.ts). */
const WRITES_OTHER_ROWS = new Set(['canvas', 'bookmark', 'template']);

async function prefetch(db: VaultDb, items: IncomingRecord[]): Promise<Prefetched> {
  const byTable = new Map<string, string[]>();
  const clockKeys: string[] = [];
  /** `table|rowKey` of the batch's notes and journal entries, by document id */
  const docs = new Map<string, string>();
  for (const item of items) {
    const table = tableOfType(item.type);
    if (!table || WRITES_OTHER_ROWS.has(item.type)) continue;
    const keys = byTable.get(table) ?? [];
    const rowKey = rowKeyOf(SYNCED_TABLES[table]!, item.id);
    keys.push(rowKey);
    byTable.set(table, keys);
    clockKeys.push(clockKey(item.type, item.id));
    if (item.type === 'note' || item.type === 'journal') docs.set(item.id, `${table}|${rowKey}`);
  }
  const rows = new Map<string, Row | undefined>();
  const reads = [...byTable].map(async ([table, keys]) => {
    const got = (await db.table(table).bulkGet(keys)) as (Row | undefined)[];
    for (const [i, key] of keys.entries()) rows.set(`${table}|${key}`, got[i]);
  });
  const clocks = new Map<string, SyncClockRow | undefined>();
  const clockRead = db.syncClocks.bulkGet(clockKeys).then((got) => {
    for (const [i, key] of clockKeys.entries()) clocks.set(key, got[i] as SyncClockRow | undefined);
  });
  await Promise.all([clockRead, ...reads]);
  // only a new row adopts its body (adoptPulledBody): a known note's document is never read here
  const adopting = [...docs].flatMap(([id, row]) => (rows.get(row) === undefined ? [id] : []));
  const states = await createDocStore(db).loadStates(adopting);
  return { rows, clocks, states, touched: new Set(), acks: [] };
}

async function applyOne(
  db: VaultDb,
  item: IncomingRecord,
  at: number,
  deviceId: string,
  orphans: OrphanMode,
  out: ApplyOutcome,
  pre: Prefetched,
): Promise<void> {
  const table = tableOfType(item.type);
  if (!table) {
    out.unreadable.push(item);
    return;
  }
  const spec = SYNCED_TABLES[table]!;
  const key = clockKey(item.type, item.id);
  const rowKey = rowKeyOf(spec, item.id);
  const fresh = !pre.touched.has(key) && pre.clocks.has(key);
  const local = fresh
    ? pre.rows.get(`${table}|${rowKey}`)
    : ((await db.table(table).get(rowKey)) as Row | undefined);
  const known = fresh ? pre.clocks.get(key) : ((await db.syncClocks.get(key)) as SyncClockRow | undefined);
  const localClock = (spec.clockOnRow ? local?.clock : known?.clock) ?? {};

  if (item.deletedAt !== null) {
    if (local && !deleteApplies(localClock, item.clock)) return;
    if (local) {
      await db.table(table).delete(rowKey);
      if (table === 'notes') await db.bodies.delete(item.id);
      out.changed.push({ type: item.type, id: item.id, table, op: 'delete' });
    }
    await db.syncQueue.delete(recordQid(item.type, item.id));
    pre.acks.push({ key, clock: item.clock, at });
    await db.syncClocks.put({
      key,
      type: item.type,
      id: item.id,
      clock: item.clock,
      deletedAt: item.deletedAt,
      syncedAt: at,
    });
    return;
  }

  if (!local && known?.deletedAt != null) {
    const order = compare(item.clock, known.clock);
    if (order === 'concurrent') return reassertDelete(db, known, item.clock, at, pre.acks);
    if (order !== 'after') return;
  }
  const incoming = incomingRow(item.type, rowKey, item.payload, item.clock, new Date(at).toISOString());
  if (incoming.kind === 'drop') {
    out.declined.push({ type: item.type, id: item.id });
    return;
  }
  if (incoming.kind === 'unreadable') {
    out.unreadable.push(item);
    return;
  }
  const remote = incoming.row;
  const merged = local
    ? mergeRows(item.type, local, localClock, remote, item.clock)
    : { row: remote, clock: item.clock };
  if (local && clocksEqual(localClock, item.clock) && sameRow(local, merged.row)) return;
  // the remote version is one the local row already holds: nothing changes, nothing to announce
  if (local && clocksEqual(localClock, merged.clock) && sameRow(local, merged.row)) return;
  if (orphans !== 'keep') {
    const missing = await missingParents(db, item.type, merged.row);
    if (missing.parents.length > 0 || missing.status) {
      if (orphans === 'hold') {
        out.held.push({ item, needs: [...missing.parents, ...(missing.status ? [missing.status] : [])] });
        return;
      }
      if (missing.parents.length > 0) {
        await tombstoneOrphan(db, item, local !== undefined, localClock, at, deviceId, out);
        return;
      }
      merged.row = clearStatus(merged.row);
    }
  }
  if (item.type === 'canvas' && !isTrashedCanvas(merged.row)) await settleCanvasName(db, merged.row);
  const row = merged.row as Row & { id: string; clock: VectorClock };
  const unique = await settleUniqueKey(db, item.type, row, deviceId, at);
  if (unique.deleted) out.changed.push({ type: item.type, id: unique.deleted, table, op: 'delete' });
  if (!unique.store) return;
  await db.table(table).put(merged.row);
  if ((item.type === 'journal' || item.type === 'note') && !local)
    await adoptPulledBody(db, item.type, item.id, fresh ? (pre.states.get(item.id) ?? null) : undefined);
  if (!spec.clockOnRow) {
    await db.syncClocks.put({
      key,
      type: item.type,
      id: item.id,
      clock: merged.clock,
      deletedAt: null,
      syncedAt: at,
    });
  } else if (known) await db.syncClocks.delete(key); // the record lives again: its delete clock is spent
  pre.acks.push({ key, clock: item.clock, at }); // the service holds the remote version
  if (!clocksEqual(merged.clock, item.clock)) {
    const qid = recordQid(item.type, item.id);
    await db.syncQueue.put(nextRow(await db.syncQueue.get(qid), qid, item.type, item.id, 'update', at));
  }
  out.changed.push({ type: item.type, id: item.id, table, op: 'put' });
}

/** A dangling `status_id` cleared (spec 4.3.6): the task stays, in no status; its index keys follow. */
function clearStatus(row: Row): Row {
  const task = { ...row, statusId: null } as unknown as TaskRecord;
  return { ...task, ...taskIndexKeys(task) } as unknown as Row;
}

/**
 * An orphan whose parent the service no longer has (spec 4.3.6): the child is deleted here and its
 * delete queued, with a clock that merges the remote one and is ticked by this install (4.2.6:
 * otherwise the service answers SYNC_REPLAY_DETECTED), so every device deletes it too.
 */
async function tombstoneOrphan(
  db: VaultDb,
  item: IncomingRecord,
  hadRow: boolean,
  localClock: VectorClock,
  at: number,
  deviceId: string,
  out: ApplyOutcome,
): Promise<void> {
  const table = tableOfType(item.type)!;
  const spec = SYNCED_TABLES[table]!;
  const clock = tick(merge(localClock, item.clock), deviceId);
  if (hadRow) {
    await db.table(table).delete(rowKeyOf(spec, item.id));
    out.changed.push({ type: item.type, id: item.id, table, op: 'delete' });
  }
  const key = clockKey(item.type, item.id);
  await db.syncClocks.put({ key, type: item.type, id: item.id, clock, deletedAt: at, syncedAt: null });
  const qid = recordQid(item.type, item.id);
  await db.syncQueue.put(nextRow(await db.syncQueue.get(qid), qid, item.type, item.id, 'delete', at));
}

/**
 * A remote version edited without seeing this device's delete (concurrent clocks). The delete
 * wins: only an edit strictly after a delete outlives it (4.3.7, `deleteApplies`). But the
 * service now holds that edit, and the device that made it pushed before it pulled, so it will
 * never see the delete: it is queued again with both clocks merged (an entry greater than the
 * edit's, so the service takes it), and every device, the editor included, ends deleted.
 */
async function reassertDelete(
  db: VaultDb,
  known: SyncClockRow,
  remote: VectorClock,
  at: number,
  acks: SyncAckRow[],
) {
  await db.syncClocks.put({ ...known, clock: merge(known.clock, remote), syncedAt: null });
  acks.push({ key: known.key, clock: remote, at }); // the service holds the edit
  const qid = recordQid(known.type, known.id);
  await db.syncQueue.put(nextRow(await db.syncQueue.get(qid), qid, known.type, known.id, 'delete', at));
}

function sameRow(a: Row, b: Row): boolean {
  const ignore = new Set(['syncedAt', 'pathKey']);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !ignore.has(k)));
  for (const k of keys) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return false;
  return true;
}
