import { MAX_BOUND_PARAMETERS } from '../../../src/sync/protocol/limits';
import { type SqlValue, type Statement, sql } from '../ports/sql';
import { refKey } from './read-rows';
import type { ValidItem } from './validate-item';

export interface RowWrite {
  valid: ValidItem;
  blobKey: string;
}

export interface CommitContext {
  userId: string;
  vaultId: string;
  nowMs: number;
  platform: string | null;
  version: string | null;
  /**
   * The account's cursor counter as read in the SAME transaction as the stored rows the writes
   * were judged against (0 when the account had none). Every row written later carries a cursor
   * above it, so `server_cursor <= readCursor` says a row is still the one that was judged.
   */
  readCursor: number;
}

// ?1..?6 are the push's constants; each row binds the 11 below and carries its cursor offset as
// an integer literal (a number computed here, never input)
const CONSTANTS = 6;
const PER_ROW = 11;
/** 8 rows (94 parameters) a statement: 13 statements for a 100-item push instead of 100. */
export const ROWS_PER_UPSERT = Math.floor((MAX_BOUND_PARAMETERS - 1 - CONSTANTS) / PER_ROW);

/**
 * The statements that commit a push's accepted items, all for the SAME D1 batch (one
 * transaction) as every other statement of the push: ONE statement takes a block of
 * `writes.length` per-account cursors, then multi-row upserts give item i the block's i-th
 * cursor, so no cursor is ever visible without its row or vice versa and cursors follow item
 * order. An upsert only replaces a row whose cursor is at most `readCursor`, i.e. a row no other
 * write touched since it was read (a concurrent push makes it return no row, reported as
 * SYNC_WRITE_CONFLICT, and leaves a gap in the cursors, as a refused write always did).
 * `cursorsOf(results)` maps each written item's `refKey` to the cursor it took (RETURNING; an
 * absent key was refused).
 */
export function commitStatements(
  writes: readonly RowWrite[],
  ctx: CommitContext,
): { statements: Statement[]; cursorsOf(results: readonly unknown[][]): Map<string, number> } {
  if (writes.length === 0) return { statements: [], cursorsOf: () => new Map() };
  const block = sql(
    'INSERT INTO account_cursors (user_id, value) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET value = value + excluded.value',
    ctx.userId,
    writes.length,
  );
  const upserts: Statement[] = [];
  for (let start = 0; start < writes.length; start += ROWS_PER_UPSERT) {
    const part = writes.slice(start, start + ROWS_PER_UPSERT);
    upserts.push(upsertStatement(part, ctx, (i) => writes.length - 1 - (start + i)));
  }
  return {
    statements: [block, ...upserts],
    cursorsOf(results) {
      const out = new Map<string, number>();
      for (const rows of results.slice(1, 1 + upserts.length))
        for (const row of rows as { type: string; id: string; server_cursor: number }[])
          out.set(refKey(row), row.server_cursor);
      return out;
    },
  };
}

function upsertStatement(
  part: readonly RowWrite[],
  ctx: CommitContext,
  fromTop: (i: number) => number,
): Statement {
  const params: SqlValue[] = [ctx.userId, ctx.vaultId, ctx.nowMs, ctx.platform, ctx.version, ctx.readCursor];
  const rows = part.map((w, i) => {
    const it = w.valid.item;
    const at = params.length;
    params.push(
      it.type,
      it.id,
      it.deviceId,
      JSON.stringify(it.vectorClock),
      w.blobKey,
      it.sizeBytes,
      it.contentHash,
      it.deletedAt,
      it.signature,
      it.cryptoVersion,
      it.deletedAt === null ? null : (it.deleteAttestation ?? null),
    );
    const p = (n: number) => `?${at + n}`;
    const offset = fromTop(i);
    if (!Number.isSafeInteger(offset) || offset < 0) throw new Error('cursor offset must be a whole number');
    return `(?1, ?2, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ?3, ?3, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)},
      (SELECT value FROM account_cursors WHERE user_id = ?1) - ${offset}, ?3, ?4, ?5, NULL)`;
  });
  return sql(
    `INSERT INTO sync_items (user_id, vault_id, type, id, device_id, vector_clock, blob_key, size_bytes, content_hash,
       created_at, updated_at, deleted_at, signature, crypto_version, delete_attestation, server_cursor,
       committed_at_ms, platform, version, purged_at)
     VALUES ${rows.join(',\n')}
     ON CONFLICT (user_id, vault_id, type, id) DO UPDATE SET device_id = excluded.device_id,
       vector_clock = excluded.vector_clock, blob_key = excluded.blob_key, size_bytes = excluded.size_bytes,
       content_hash = excluded.content_hash, updated_at = excluded.updated_at, deleted_at = excluded.deleted_at,
       signature = excluded.signature, crypto_version = excluded.crypto_version,
       delete_attestation = excluded.delete_attestation, server_cursor = excluded.server_cursor,
       committed_at_ms = excluded.committed_at_ms, platform = excluded.platform, version = excluded.version,
       purged_at = NULL
     WHERE sync_items.server_cursor IS NULL OR sync_items.server_cursor <= ?6
     RETURNING type, id, server_cursor`,
    ...params,
  );
}
