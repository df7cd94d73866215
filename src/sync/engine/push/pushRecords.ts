import * as v from 'valibot';
import type { VectorClock } from '../../../worker/domain/clock/vectorClock';
import type { DeviceSigningKey, VaultKeyring } from '../../crypto';
import { PushItem, type PushResponse } from '../../protocol/push';
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
}

export type PushRunResult =
  | { kind: 'done'; accepted: number; maxCursor: number | null; invalid: number }
  /** the run stopped on an error that is not per item */
  | { kind: 'stopped'; error: SyncError };

/**
 * Pushes queued record rows until none is left (spec 3.2, 3.3, 4.2). Rows rejected in this call
 * are excluded from its later batches; SYNC_INVALID_SIGNATURE stops the run without charging an
 * attempt (the caller reports `device_key_mismatch` once); a per-item STORAGE_QUOTA_EXCEEDED
 * refuses only that item. Never moves the pull cursor (`maxCursor` is only reported).
 */
export async function pushRecords(deps: PushDeps): Promise<PushRunResult> {
  const exclude = new Set<string>();
  let accepted = 0;
  let maxCursor: number | null = null;
  let invalid = 0;
  for (;;) {
    if (deps.stopped()) return { kind: 'done', accepted, maxCursor, invalid };
    const rows = await deps.outbox.nextRecords(deps.batch.current, exclude);
    if (rows.length === 0) return { kind: 'done', accepted, maxCursor, invalid };
    const { items, sent, clocks, unpushable } = await sealRows(deps, rows);
    invalid += unpushable.filter(
      (u) => u.outcome.kind === 'failed' && u.outcome.code === SCHEMA_INVALID,
    ).length;
    if (unpushable.length > 0) await deps.outbox.settle(unpushable);
    if (items.length === 0) continue;
    const res = await deps.call<PushResponse>('POST', '/sync/push', {
      body: { items },
      vaultId: deps.keyring.vaultId,
      types: deps.types,
    });
    if (!res.ok) {
      if (res.error.status >= 500 && deps.batch.halve()) continue;
      return { kind: 'stopped', error: res.error };
    }
    deps.batch.answered(items.length);
    const mismatch = res.value.rejected.find((r) => r.code === 'SYNC_INVALID_SIGNATURE');
    const outcomes = sent.map((row, i) => ({ row, outcome: outcomeOf(row, clocks[i]!, res.value) }));
    await deps.outbox.settle(mismatch ? outcomes.filter((o) => o.outcome.kind === 'accepted') : outcomes);
    for (const { row, outcome } of outcomes) {
      if (outcome.kind === 'accepted') accepted += 1;
      else exclude.add(row.qid);
    }
    if (res.value.maxCursor !== null) maxCursor = Math.max(maxCursor ?? 0, res.value.maxCursor);
    if (mismatch) {
      return {
        kind: 'stopped',
        error: { code: 'SYNC_INVALID_SIGNATURE', message: mismatch.reason, status: 200 },
      };
    }
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
