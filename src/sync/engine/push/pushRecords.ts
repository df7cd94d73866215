import * as v from 'valibot';
import type { VectorClock } from '../../../worker/domain/clock/vectorClock';
import type { DeviceSigningKey, VaultKeyring } from '../../crypto';
import { type PushAccepted, PushItem, type PushResponse } from '../../protocol/push';
import type { SyncError } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import type { OutboxPort, QueuedRecord, RecordOutcome, RecordPort } from '../ports';
import type { BatchSize } from './batchSize';
import { sealPushItem } from './sealPushItem';

export interface PushDeps {
  call: SyncCall;
  outbox: OutboxPort;
  records: RecordPort;
  keyring: VaultKeyring;
  signer: { key: DeviceSigningKey; deviceId: string };
  types: readonly string[];
  batch: BatchSize;
  /** true once stop() was called: nothing more is sent */
  stopped: () => boolean;
  /** told when a push answer accepted rows, before they settle (push_lag telemetry, spec 6.2) */
  pushAccepted?: ((rows: readonly QueuedRecord[], maxCursor: number | null) => void) | undefined;
  /** told the accepted rows with their cursors once they settled (the pull skips them, ownPushes.ts) */
  committed?: ((accepted: readonly PushAccepted[]) => void) | undefined;
}

export type PushRunResult =
  | { kind: 'done'; accepted: number; maxCursor: number | null; invalid: number }
  /** the run stopped on an error that is not per item */
  | { kind: 'stopped'; error: SyncError };

/**
 * Push requests in flight at once. The service's side of a 100-item push is mostly its 100 object
 * writes (6 at a time per request), so one request at a time leaves the round trip as the limit:
 * 10,000 records were 100 sequential pushes. Two overlap them, within the 300-a-minute `sync_push`
 * bucket; more made the local development service (wrangler dev on a loaded 2-core machine)
 * answer 503, which halves the batch (spec 3.3) and costs more than it saves.
 */
export const RECORD_PUSHES_IN_FLIGHT = 2;

/**
 * Types a pulling device checks parents of (a task's project, parent task and status; a status's
 * project): a child committed before its parent could be tombstoned as an orphan by a device that
 * pulls in between (spec 4.3.6). A batch holding any of them is sent alone, after every batch
 * before it was answered, exactly as when batches went one at a time.
 */
const ORDERED_TYPES: ReadonlySet<string> = new Set(['project', 'project_status', 'task']);

/**
 * Pushes queued record rows until none is left (spec 3.2, 3.3, 4.2), oldest first, up to two
 * batches in flight (a batch with an ordered type alone). Rows in flight are not read again; rows
 * rejected in this call are excluded from its later batches; SYNC_INVALID_SIGNATURE stops the run
 * without charging an attempt (the caller reports `device_key_mismatch` once); a per-item
 * STORAGE_QUOTA_EXCEEDED refuses only that item. A stopping error sends nothing more, and the
 * batches already sent are answered and settled first. Never moves the pull cursor (`maxCursor`
 * is only reported).
 */
export async function pushRecords(deps: PushDeps): Promise<PushRunResult> {
  const run: PushRun = {
    exclude: new Set(),
    sending: new Set(),
    accepted: 0,
    maxCursor: null,
    invalid: 0,
    stop: null,
  };
  const inFlight = new Set<Promise<void>>();
  let alone = false;
  for (;;) {
    if (deps.stopped() || run.stop) break;
    if (alone || inFlight.size >= RECORD_PUSHES_IN_FLIGHT) {
      await Promise.race(inFlight);
      continue;
    }
    const skip = run.sending.size === 0 ? run.exclude : new Set([...run.exclude, ...run.sending]);
    const rows = await deps.outbox.nextRecords(deps.batch.current, skip);
    if (rows.length === 0 && inFlight.size === 0) break;
    const ordered = rows.some((r) => ORDERED_TYPES.has(r.type));
    if (rows.length === 0 || (ordered && inFlight.size > 0)) {
      await Promise.race(inFlight);
      continue;
    }
    const { items, sent, clocks, unpushable } = await sealRows(deps, rows);
    run.invalid += unpushable.filter(
      (u) => u.outcome.kind === 'failed' && u.outcome.code === SCHEMA_INVALID,
    ).length;
    if (unpushable.length > 0) await deps.outbox.settle(unpushable);
    if (items.length === 0) continue;
    // a batch in flight may have stopped the run while this one was sealed
    if (run.stop || deps.stopped()) break;
    for (const row of sent) run.sending.add(row.qid);
    alone = ordered;
    const pushed: Promise<void> = pushBatch(deps, run, items, sent, clocks).finally(() => {
      for (const row of sent) run.sending.delete(row.qid);
      if (ordered) alone = false;
      inFlight.delete(pushed);
    });
    inFlight.add(pushed);
  }
  while (inFlight.size > 0) await Promise.race(inFlight);
  if (run.stop) return { kind: 'stopped', error: run.stop };
  return { kind: 'done', accepted: run.accepted, maxCursor: run.maxCursor, invalid: run.invalid };
}

interface PushRun {
  /** rows rejected in this call: not dequeued again by it */
  exclude: Set<string>;
  /** rows of the batches in flight */
  sending: Set<string>;
  accepted: number;
  maxCursor: number | null;
  invalid: number;
  /** the first error that stops the run */
  stop: SyncError | null;
}

/** One `POST /sync/push` and the settling of its rows; a 5xx that can halve the batch leaves them queued. */
async function pushBatch(
  deps: PushDeps,
  run: PushRun,
  items: PushItem[],
  sent: QueuedRecord[],
  clocks: VectorClock[],
): Promise<void> {
  const res = await deps.call<PushResponse>('POST', '/sync/push', {
    body: { items },
    vaultId: deps.keyring.vaultId,
    types: deps.types,
  });
  if (!res.ok) {
    if (res.error.status >= 500 && deps.batch.halve()) return;
    run.stop ??= res.error;
    return;
  }
  deps.batch.answered(items.length);
  const { accepted } = res.value;
  deps.pushAccepted?.(
    sent.filter((row) => accepted.some((a) => a.type === row.type && a.id === row.id)),
    res.value.maxCursor,
  );
  const mismatch = res.value.rejected.find((r) => r.code === 'SYNC_INVALID_SIGNATURE');
  const outcomes = sent.map((row, i) => ({ row, outcome: outcomeOf(row, clocks[i]!, res.value) }));
  await deps.outbox.settle(mismatch ? outcomes.filter((o) => o.outcome.kind === 'accepted') : outcomes);
  deps.committed?.(accepted);
  for (const { row, outcome } of outcomes) {
    if (outcome.kind === 'accepted') run.accepted += 1;
    else run.exclude.add(row.qid);
  }
  if (res.value.maxCursor !== null) run.maxCursor = Math.max(run.maxCursor ?? 0, res.value.maxCursor);
  if (mismatch) {
    run.stop ??= { code: 'SYNC_INVALID_SIGNATURE', message: mismatch.reason, status: 200 };
  }
}

/** The code of a row retired before sending because its item would certainly be refused (4.2.3). */
export const SCHEMA_INVALID = 'SCHEMA_INVALID';

/**
 * Seals the rows. Before anything is sent (spec 4.2.3), a row whose payload fails this build's
 * own schema of its type, or whose sealed item fails the push item contract, is retired as failed
 * with SCHEMA_INVALID (a visible dead letter), so it never stalls the rows behind it.
 */
async function sealRows(deps: PushDeps, rows: QueuedRecord[]) {
  const items: PushItem[] = [];
  const sent: QueuedRecord[] = [];
  const clocks: VectorClock[] = [];
  const unpushable: { row: QueuedRecord; outcome: RecordOutcome }[] = [];
  for (const row of rows) {
    const snapshot = await deps.records.read(row.type, row.id);
    if (!snapshot) {
      unpushable.push({
        row,
        outcome: {
          kind: 'failed',
          code: 'NOT_PUSHABLE',
          message: 'no row and no tombstone clock, or local-only',
        },
      });
      continue;
    }
    if (snapshot.invalid !== undefined) {
      unpushable.push({ row, outcome: { kind: 'failed', code: SCHEMA_INVALID, message: snapshot.invalid } });
      continue;
    }
    const item = await sealPushItem(deps.keyring, deps.signer, row, snapshot);
    const contract = v.safeParse(PushItem, item);
    if (!contract.success) {
      const issue = contract.issues[0];
      const where = issue ? `${v.getDotPath(issue) ?? 'item'}: ${issue.message}` : 'item';
      unpushable.push({ row, outcome: { kind: 'failed', code: SCHEMA_INVALID, message: where } });
      continue;
    }
    items.push(item);
    sent.push(row);
    clocks.push(snapshot.clock);
  }
  return { items, sent, clocks, unpushable };
}

function outcomeOf(row: QueuedRecord, clock: VectorClock, res: PushResponse): RecordOutcome {
  if (res.accepted.some((a) => a.type === row.type && a.id === row.id)) return { kind: 'accepted', clock };
  const rejected = res.rejected.find((r) => r.type === row.type && r.id === row.id);
  // a replay: the service's clock has every tick of this one, so it already holds this version
  // (or a newer one the pull brings); re-sending it could only be refused again
  if (rejected?.code === 'SYNC_REPLAY_DETECTED') return { kind: 'accepted', clock };
  if (rejected) return { kind: 'rejected', code: rejected.code, message: rejected.reason };
  return {
    kind: 'failed',
    code: 'ABSENT_FROM_ANSWER',
    message: 'the service answered neither accepted nor rejected',
  };
}
