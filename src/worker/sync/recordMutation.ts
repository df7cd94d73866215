import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
} from 'dexie';
import { coalesceOp, type RecordOp } from '../../sync/engine/queue/coalesce';
import { clockKey, recordQid } from '../../sync/engine/queue/queueKeys';
import type { SyncClockRow, SyncQueueRow } from '../db/syncTables';
import { clocksEqual, merge, tick, type VectorClock } from '../domain/clock/vectorClock';
import type { OutboxOptions } from './outboxMiddleware';
import { pushable } from './recordPayloads';
import { itemIdOf, type SyncedTable } from './syncedTables';

type Row = Record<string, unknown> & { clock?: VectorClock };

/**
 * One mutation of a synced table, tracked (called by outboxMiddleware inside the caller's
 * transaction). Guarantees, for every key the mutation writes or deletes:
 * - the record clock advances under this device unless the store already advanced it (a write
 *   whose clock equals the stored one, or lacks one, is ticked; a re-created record's clock is
 *   merged over its delete clock first, so it dominates the tombstone);
 * - a delete records its tombstone clock (old clock ticked) and time in `syncClocks`;
 * - the `syncQueue` row of (type, id) is created or coalesced (coalesce.ts).
 * A value the table refused (a failed add) queues nothing, and neither does a row that never
 * leaves the device (recordPayloads.ts `pushable`: a local-only note or setting, a relation-type
 * property definition), so the outbox holds no dead letter for it.
 */
export function trackRecordMutation(
  down: DBCore,
  table: DBCoreTable,
  spec: SyncedTable,
  req: DBCoreMutateRequest,
  options: OutboxOptions,
): Promise<DBCoreMutateResponse> {
  // Promise chains, not async/await: Dexie's zone (the current transaction) must follow every
  // step, and only Dexie's own promises carry it across the awaits of a DBCore middleware.
  // Round trips: every read is issued at once (old rows, clocks, queue rows), then the write,
  // then every outbox write at once; each extra sequential request costs a write ~0.3-1.5 ms.
  const { trans } = req;
  const clocks = down.table('syncClocks');
  const queue = down.table('syncQueue');
  return affectedKeys(table, req).then((keys) => {
    if (keys.length === 0) return table.mutate(req);
    const clockKeys = keys.map((k) => clockKey(spec.type, itemIdOf(spec, k)));
    const qids = [...new Set(keys.map((k) => recordQid(spec.type, itemIdOf(spec, k))))];
    return Dexie.Promise.all([
      table.getMany({ trans, keys }),
      clocks.getMany({ trans, keys: clockKeys }),
      queue.getMany({ trans, keys: qids }),
    ]).then(([olds, clockRows, queued]) => {
      const plan = planMutation(
        spec,
        req,
        keys,
        olds as (Row | undefined)[],
        clockRows as (SyncClockRow | undefined)[],
        options,
      );
      return table.mutate(plan.forward).then((res) => {
        const kept = keys
          .map((key, i) => ({ key, op: plan.ops[i], failed: Boolean(res.failures[i]) }))
          .filter(
            (d): d is { key: unknown; op: RecordOp; failed: boolean } => d.op !== undefined && !d.failed,
          );
        const keptKeys = new Set(kept.map((d) => clockKey(spec.type, itemIdOf(spec, d.key))));
        const clockWrites = plan.clockRows.filter((r) => keptKeys.has(r.key));
        const clockDeletes = plan.deadClockKeys.filter((k) => keptKeys.has(k));
        const rows = queueRows(qids, queued as (SyncQueueRow | undefined)[], spec, kept, options.now());
        const writes: Promise<unknown>[] = [];
        if (clockWrites.length > 0) writes.push(clocks.mutate({ type: 'put', trans, values: clockWrites }));
        if (clockDeletes.length > 0)
          writes.push(clocks.mutate({ type: 'delete', trans, keys: clockDeletes }));
        if (rows.length > 0) writes.push(queue.mutate({ type: 'put', trans, values: rows }));
        return Dexie.Promise.all(writes).then(() => res);
      });
    });
  });
}

interface MutationPlan {
  forward: DBCoreMutateRequest;
  /** per affected key: the queue operation, or undefined when nothing happens to it */
  ops: (RecordOp | undefined)[];
  clockRows: SyncClockRow[];
  deadClockKeys: string[];
}

function planMutation(
  spec: SyncedTable,
  req: DBCoreMutateRequest,
  keys: unknown[],
  olds: (Row | undefined)[],
  clockRows: (SyncClockRow | undefined)[],
  options: OutboxOptions,
): MutationPlan {
  const plan: MutationPlan = { forward: req, ops: [], clockRows: [], deadClockKeys: [] };
  if (req.type === 'add' || req.type === 'put') {
    const values = req.values.map((value: Row, i) => {
      const old = olds[i];
      const known = clockRows[i];
      // a row that never leaves the device is not queued (nor given a sync clock row)
      plan.ops.push(!pushable(spec.type, value) ? undefined : old ? 'update' : 'create');
      if (!spec.clockOnRow) {
        plan.clockRows.push(clockRow(spec, keys[i], tick(known?.clock ?? {}, options.deviceId), null, known));
        return value;
      }
      if (known) plan.deadClockKeys.push(known.key);
      const own = value.clock ?? {};
      const storeTicked = Object.keys(own).length > 0 && !(old?.clock && clocksEqual(old.clock, own));
      const clock = storeTicked && !known ? own : tick(merge(known?.clock ?? {}, own), options.deviceId);
      return { ...value, clock };
    });
    // `updates`/`changeSpec` describe the caller's values to layers above; ours replace them.
    plan.forward = { type: req.type, trans: req.trans, values, ...(req.keys ? { keys: req.keys } : {}) };
    return plan;
  }
  keys.forEach((key, i) => {
    const old = olds[i];
    if (!old || !pushable(spec.type, old)) {
      plan.ops.push(undefined);
      return;
    }
    const known = clockRows[i];
    const clock = tick(merge(known?.clock ?? {}, old.clock ?? {}), options.deviceId);
    plan.clockRows.push(clockRow(spec, key, clock, options.now(), known));
    plan.ops.push('delete');
  });
  return plan;
}

function affectedKeys(table: DBCoreTable, req: DBCoreMutateRequest): Promise<unknown[]> {
  if (req.type === 'delete') return Dexie.Promise.resolve(req.keys);
  if (req.type === 'deleteRange') {
    return table
      .query({ trans: req.trans, query: { index: table.schema.primaryKey, range: req.range }, values: false })
      .then((found) => found.result);
  }
  const pk = table.schema.primaryKey;
  return Dexie.Promise.resolve(req.keys ?? req.values.map((v) => pk.extractKey?.(v)));
}

function clockRow(
  spec: SyncedTable,
  key: unknown,
  clock: VectorClock,
  deletedAt: number | null,
  known: SyncClockRow | undefined,
): SyncClockRow {
  const id = itemIdOf(spec, key);
  return {
    key: clockKey(spec.type, id),
    type: spec.type,
    id,
    clock,
    deletedAt,
    syncedAt: known?.syncedAt ?? null,
  };
}

/**
 * The queue rows to write for the kept changes: each (type, id) row created or coalesced over the
 * one read before the write (`queued`, in `qids` order).
 */
function queueRows(
  qids: readonly string[],
  queued: readonly (SyncQueueRow | undefined)[],
  spec: SyncedTable,
  changes: { key: unknown; op: RecordOp }[],
  now: number,
): SyncQueueRow[] {
  if (changes.length === 0) return [];
  const { type } = spec;
  const before = new Map<string, SyncQueueRow>();
  qids.forEach((qid, i) => {
    const row = queued[i];
    if (row) before.set(qid, row);
  });
  const next = new Map<string, SyncQueueRow>();
  for (const { key, op } of changes) {
    const id = itemIdOf(spec, key);
    const qid = recordQid(type, id);
    next.set(qid, nextRow(next.get(qid) ?? before.get(qid), qid, type, id, op, now));
  }
  return [...next.values()];
}

/**
 * A dead-letter row (exhausted or failed) given a new local change starts over: the user changed
 * the item again, so it deserves fresh attempts, and its old operation still folds in.
 */
export function nextRow(
  row: SyncQueueRow | undefined,
  qid: string,
  type: string,
  id: string,
  op: RecordOp,
  now: number,
): SyncQueueRow {
  if (!row) {
    const fresh: SyncQueueRow = {
      qid,
      kind: 'record',
      type,
      id,
      op,
      version: 1,
      attempts: 0,
      state: 'queued',
      enqueuedAt: now,
      retiredAt: null,
      lastError: null,
    };
    return fresh;
  }
  const restart = row.state !== 'queued';
  return {
    ...row,
    op: coalesceOp(row.op, op),
    version: row.version + 1,
    ...(restart ? { attempts: 0, state: 'queued' as const, retiredAt: null, lastError: null } : {}),
  };
}
