import type { DeviceSigningKey, VaultKeyring } from '../../crypto';
import type { PushItem, PushResponse } from '../../protocol/push';
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
  | { kind: 'done'; accepted: number; maxCursor: number | null }
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
  for (;;) {
    if (deps.stopped()) return { kind: 'done', accepted, maxCursor };
    const rows = await deps.outbox.nextRecords(deps.batch.current, exclude);
    if (rows.length === 0) return { kind: 'done', accepted, maxCursor };
    const { items, sent, unpushable } = await sealRows(deps, rows);
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
    const outcomes = sent.map((row) => ({ row, outcome: outcomeOf(row, res.value) }));
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

async function sealRows(deps: PushDeps, rows: QueuedRecord[]) {
  const items: PushItem[] = [];
  const sent: QueuedRecord[] = [];
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
    items.push(await sealPushItem(deps.keyring, deps.signer, row, snapshot));
    sent.push(row);
  }
  return { items, sent, unpushable };
}

function outcomeOf(row: QueuedRecord, res: PushResponse): RecordOutcome {
  if (res.accepted.some((a) => a.type === row.type && a.id === row.id)) return { kind: 'accepted' };
  const rejected = res.rejected.find((r) => r.type === row.type && r.id === row.id);
  if (rejected) return { kind: 'rejected', code: rejected.code, message: rejected.reason };
  return {
    kind: 'failed',
    code: 'ABSENT_FROM_ANSWER',
    message: 'the service answered neither accepted nor rejected',
  };
}
