import { fromBase64, toBase64 } from '../../../src/sync/crypto/bytes';
import type { CrdtUpdate, CrdtUpdatePushResponse } from '../../../src/sync/protocol/crdt';
import { sha256Hex } from '../../../src/sync/protocol/signing';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { isQuotaGuardFailure, quotaGuardStatement } from '../plans/quota-guard';
import { readUsage } from '../plans/usage';
import { type Statement, sql } from '../ports/sql';

export interface NoteScope {
  userId: string;
  vaultId: string;
  deviceId: string;
  platform: string | null;
  version: string | null;
}

/** Statements that take the next per-account cursor and the next per-note sequence number. */
export function takeCursorAndSequence(userId: string, vaultId: string, noteId: string): Statement[] {
  return [
    sql(
      'INSERT INTO account_cursors (user_id, value) VALUES (?, 1) ON CONFLICT (user_id) DO UPDATE SET value = value + 1',
      userId,
    ),
    sql(
      `INSERT INTO crdt_sequences (user_id, vault_id, note_id, value) VALUES (?, ?, ?, 1)
       ON CONFLICT (user_id, vault_id, note_id) DO UPDATE SET value = value + 1`,
      userId,
      vaultId,
      noteId,
    ),
  ];
}

/**
 * Stores one incremental update. The SHA-256 of its bytes is unique per note: a retry of the
 * same bytes returns the stored sequence number and is charged once. Sequence, cursor and row
 * commit in one batch. Quota: refused with STORAGE_QUOTA_EXCEEDED when it would not fit.
 */
export async function pushUpdate(
  deps: Deps,
  scope: NoteScope,
  storageLimit: number,
  noteId: string,
  updateB64: string,
): Promise<Result<CrdtUpdatePushResponse & { cursor: number | null }>> {
  const bytes = fromBase64(updateB64) as Uint8Array;
  const hash = await sha256Hex(bytes);
  const existing = () =>
    deps.sql.first<{ sequence_num: number }>(
      sql(
        'SELECT sequence_num FROM crdt_updates WHERE user_id = ? AND vault_id = ? AND note_id = ? AND hash = ?',
        scope.userId,
        scope.vaultId,
        noteId,
        hash,
      ),
    );
  const before = await existing();
  if (before) return ok({ sequenceNum: before.sequence_num, duplicate: true, cursor: null });
  if ((await readUsage(deps, scope.userId)) + bytes.length > storageLimit) {
    return fail('STORAGE_QUOTA_EXCEEDED', 'the update would grow storage past the plan quota');
  }
  let results: unknown[][];
  try {
    results = await insertUpdate(deps, scope, storageLimit, noteId, hash, bytes);
  } catch (err) {
    // usage grew concurrently past the quota after the check above: the batch rolled back whole
    if (isQuotaGuardFailure(err))
      return fail('STORAGE_QUOTA_EXCEEDED', 'the update would grow storage past the plan quota');
    throw err;
  }
  const row = results[2]?.[0] as { sequence_num: number; server_cursor: number } | undefined;
  if (row) return ok({ sequenceNum: row.sequence_num, duplicate: false, cursor: row.server_cursor });
  // a concurrent retry stored the same bytes first: answer with its row
  const raced = await existing();
  if (!raced) throw new Error('crdt update neither inserted nor found');
  return ok({ sequenceNum: raced.sequence_num, duplicate: true, cursor: null });
}

/** One batch: cursor and sequence, the update row, and the quota guard over the result. */
function insertUpdate(
  deps: Deps,
  scope: NoteScope,
  storageLimit: number,
  noteId: string,
  hash: string,
  bytes: Uint8Array,
): Promise<unknown[][]> {
  return deps.sql.batch([
    ...takeCursorAndSequence(scope.userId, scope.vaultId, noteId),
    sql(
      `INSERT INTO crdt_updates (user_id, vault_id, note_id, sequence_num, hash, data, size_bytes, device_id, server_cursor,
         created_at, platform, version)
       VALUES (?, ?, ?, (SELECT value FROM crdt_sequences WHERE user_id = ? AND vault_id = ? AND note_id = ?), ?, ?, ?, ?,
         (SELECT value FROM account_cursors WHERE user_id = ?), ?, ?, ?)
       ON CONFLICT (user_id, vault_id, note_id, hash) DO NOTHING
       RETURNING sequence_num, server_cursor`,
      scope.userId,
      scope.vaultId,
      noteId,
      scope.userId,
      scope.vaultId,
      noteId,
      hash,
      bytes,
      bytes.length,
      scope.deviceId,
      scope.userId,
      deps.clock.nowMs(),
      scope.platform,
      scope.version,
    ),
    quotaGuardStatement(scope.userId, storageLimit),
  ]);
}

interface UpdateRow {
  note_id: string;
  sequence_num: number;
  data: Uint8Array;
  device_id: string;
  created_at: number;
}

const toUpdate = (r: UpdateRow): CrdtUpdate => ({
  sequenceNum: r.sequence_num,
  data: toBase64(r.data),
  deviceId: r.device_id,
  createdAt: r.created_at,
});

function updatesQuery(
  userId: string,
  vaultId: string,
  noteId: string,
  since: number,
  limit: number,
): Statement {
  return sql(
    `SELECT note_id, sequence_num, data, device_id, created_at FROM crdt_updates
     WHERE user_id = ? AND vault_id = ? AND note_id = ? AND sequence_num > ? ORDER BY sequence_num LIMIT ?`,
    userId,
    vaultId,
    noteId,
    since,
    limit + 1,
  );
}

/** Responses stop adding updates past this many bytes (at least one update is always sent). */
export const UPDATES_RESPONSE_BUDGET_BYTES = 6 * 1024 * 1024;

/** Keeps rows while under `limit` and the shared byte budget; `hasMore` when any row was held back. */
function page(
  rows: UpdateRow[],
  limit: number,
  budget: { left: number },
): { updates: CrdtUpdate[]; hasMore: boolean } {
  const updates: CrdtUpdate[] = [];
  for (const row of rows.slice(0, limit)) {
    if (updates.length > 0 && row.data.length > budget.left) break;
    budget.left -= row.data.length;
    updates.push(toUpdate(row));
  }
  return { updates, hasMore: rows.length > updates.length };
}

/** One note's updates after `since`, at most `limit`, with `hasMore`. */
export async function listUpdates(
  deps: Deps,
  scope: { userId: string; vaultId: string },
  noteId: string,
  since: number,
  limit: number,
): Promise<{ updates: CrdtUpdate[]; hasMore: boolean }> {
  const rows = await deps.sql.all<UpdateRow>(updatesQuery(scope.userId, scope.vaultId, noteId, since, limit));
  return page(rows, limit, { left: UPDATES_RESPONSE_BUDGET_BYTES });
}

/** Up to 100 notes' updates in one round trip (a read-only batch). */
export async function listUpdatesBatch(
  deps: Deps,
  scope: { userId: string; vaultId: string },
  notes: readonly { noteId: string; since: number }[],
  limit: number,
): Promise<Record<string, { updates: CrdtUpdate[]; hasMore: boolean }>> {
  const results = await deps.sql.batch(
    notes.map((n) => updatesQuery(scope.userId, scope.vaultId, n.noteId, n.since, limit)),
  );
  const out: Record<string, { updates: CrdtUpdate[]; hasMore: boolean }> = {};
  const budget = { left: UPDATES_RESPONSE_BUDGET_BYTES };
  notes.forEach((n, i) => {
    const rows = (results[i] ?? []) as UpdateRow[];
    out[n.noteId] = budget.left > 0 ? page(rows, limit, budget) : { updates: [], hasMore: rows.length > 0 };
  });
  return out;
}
