import { type SqlValue, type Statement, sql } from '../ports/sql';
import type { ValidItem } from './validate-item';

export interface RowWrite {
  valid: ValidItem;
  blobKey: string;
  /** the stored row's cursor read before validation: the write applies only if it is unchanged */
  expectedCursor: number | null;
}

/**
 * The statements that commit a push's accepted items: ONE statement takes a block of
 * `writes.length` per-account cursors, then one upsert per item gives item i the block's i-th
 * cursor. All go into the SAME D1 batch (one transaction) as every other statement of the push,
 * so no cursor is ever visible without its row or vice versa, and cursors follow item order. An
 * upsert only replaces a row whose cursor is still the one validated against (a concurrent push
 * makes it return no row, reported as SYNC_WRITE_CONFLICT, and leaves a gap in the cursors, as a
 * refused write always did); RETURNING gives the cursor taken. Result of item i: index i + 1.
 */
export function commitStatements(
  writes: readonly RowWrite[],
  ctx: { userId: string; vaultId: string; nowMs: number; platform: string | null; version: string | null },
): Statement[] {
  if (writes.length === 0) return [];
  const block = sql(
    'INSERT INTO account_cursors (user_id, value) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET value = value + excluded.value',
    ctx.userId,
    writes.length,
  );
  return [block, ...writes.map((w, i) => upsertStatement(w, ctx, writes.length - 1 - i))];
}

function upsertStatement(
  w: RowWrite,
  ctx: { userId: string; vaultId: string; nowMs: number; platform: string | null; version: string | null },
  fromTop: number,
): Statement {
  const it = w.valid.item;
  const params: SqlValue[] = [
    ctx.userId,
    ctx.vaultId,
    it.type,
    it.id,
    it.deviceId,
    JSON.stringify(it.vectorClock),
    w.blobKey,
    it.sizeBytes,
    it.contentHash,
    ctx.nowMs,
    ctx.nowMs,
    it.deletedAt,
    it.signature,
    it.cryptoVersion,
    it.deletedAt === null ? null : (it.deleteAttestation ?? null),
    ctx.userId,
    fromTop,
    ctx.nowMs,
    ctx.platform,
    ctx.version,
    w.expectedCursor,
  ];
  return sql(
    `INSERT INTO sync_items (user_id, vault_id, type, id, device_id, vector_clock, blob_key, size_bytes, content_hash,
       created_at, updated_at, deleted_at, signature, crypto_version, delete_attestation, server_cursor,
       committed_at_ms, platform, version, purged_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT value FROM account_cursors WHERE user_id = ?) - ?, ?, ?, ?, NULL)
     ON CONFLICT (user_id, vault_id, type, id) DO UPDATE SET device_id = excluded.device_id,
       vector_clock = excluded.vector_clock, blob_key = excluded.blob_key, size_bytes = excluded.size_bytes,
       content_hash = excluded.content_hash, updated_at = excluded.updated_at, deleted_at = excluded.deleted_at,
       signature = excluded.signature, crypto_version = excluded.crypto_version,
       delete_attestation = excluded.delete_attestation, server_cursor = excluded.server_cursor,
       committed_at_ms = excluded.committed_at_ms, platform = excluded.platform, version = excluded.version,
       purged_at = NULL
     WHERE sync_items.server_cursor IS ?
     RETURNING server_cursor`,
    ...params,
  );
}
