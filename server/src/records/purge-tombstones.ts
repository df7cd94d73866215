import type { Deps } from '../deps';
import { sql } from '../ports/sql';

const DAY_MS = 86_400_000;
/** Rows examined per run; the cron calls again while a run fills its batch. */
export const PURGE_BATCH = 90;

/**
 * Purges payloads of tombstones older than the owner's version-history window (spec 2.4, 8):
 * 30 days without a Pro/Believer entitlement, 365 with one. The row stays as a marker (clock,
 * deletedAt, signer, attestation) that still refuses stale writes; only its blob goes. The age is
 * the SERVER time the tombstone was committed (updated_at), never the client's deletedAt. A row
 * rewritten since it was selected is left alone (conditional on its cursor).
 * `userId` restricts the run to one account (development tooling).
 */
export async function purgeExpiredTombstones(
  deps: Deps,
  opts: { nowMs: number; userId?: string },
): Promise<{ purged: number; more: boolean }> {
  const rows = await deps.sql.all<{
    user_id: string;
    vault_id: string;
    type: string;
    id: string;
    blob_key: string;
    server_cursor: number | null;
  }>(
    sql(
      `SELECT i.user_id, i.vault_id, i.type, i.id, i.blob_key, i.server_cursor FROM sync_items i
       LEFT JOIN entitlements e ON e.user_id = i.user_id
       WHERE i.deleted_at IS NOT NULL AND i.purged_at IS NULL AND i.blob_key IS NOT NULL
         AND i.updated_at < ? - (CASE WHEN e.plan IN ('pro', 'believer') THEN 365 ELSE 30 END) * ?
         ${opts.userId ? 'AND i.user_id = ?' : ''}
       LIMIT ?`,
      opts.nowMs,
      DAY_MS,
      ...(opts.userId ? [opts.userId] : []),
      PURGE_BATCH,
    ),
  );
  if (rows.length === 0) return { purged: 0, more: false };
  const results = await deps.sql.batch(
    rows.map((r) =>
      sql(
        `UPDATE sync_items SET blob_key = NULL, purged_at = ? WHERE user_id = ? AND vault_id = ? AND type = ? AND id = ?
         AND purged_at IS NULL AND server_cursor IS ? RETURNING id`,
        opts.nowMs,
        r.user_id,
        r.vault_id,
        r.type,
        r.id,
        r.server_cursor,
      ),
    ),
  );
  const gone = rows.filter((_, i) => (results[i]?.length ?? 0) > 0).map((r) => r.blob_key);
  try {
    await deps.blobs.delete(gone);
  } catch (err) {
    deps.log('blob_delete_failed', {
      count: gone.length,
      error: err instanceof Error ? err.name : 'unknown',
    });
  }
  deps.log('tombstones_purged', { count: gone.length });
  return { purged: gone.length, more: rows.length === PURGE_BATCH };
}
