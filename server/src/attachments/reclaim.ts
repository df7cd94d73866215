import { ATTACHMENT_MANIFEST_TYPE } from '../../../src/sync/protocol/attachments';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';

const DAY_MS = 86_400_000;
/** Chunk rows examined per run; the cron calls again while a run fills its batch. */
export const RECLAIM_BATCH = 200;

/**
 * Reclaims the chunks of files whose `attachment_manifest` record is a tombstone older than the
 * owner's version-history window (the window of purge-tombstones.ts: 30 days without a Pro or
 * Believer entitlement, 365 with one; the age is the server time the tombstone was committed).
 * Rows go first, so no presign hands out a URL of a deleted object; then the objects,
 * best-effort. A manifest restored (re-created) before the window ends keeps its chunks.
 * `userId` restricts the run to one account (development tooling). The type is a literal in the
 * SQL so the partial index of migration 0009 serves it.
 */
export async function reclaimDeletedChunks(
  deps: Deps,
  opts: { nowMs: number; userId?: string },
): Promise<{ reclaimed: number; more: boolean }> {
  const rows = await deps.sql.all<{ user_id: string; vault_id: string; hash: string; r2_key: string }>(
    sql(
      `SELECT c.user_id, c.vault_id, c.hash, c.r2_key FROM sync_items i
       JOIN attachment_chunks c ON c.user_id = i.user_id AND c.vault_id = i.vault_id AND c.attachment_id = i.id
       LEFT JOIN entitlements e ON e.user_id = i.user_id
       WHERE i.type = '${ATTACHMENT_MANIFEST_TYPE}' AND i.deleted_at IS NOT NULL
         AND i.updated_at < ? - (CASE WHEN e.plan IN ('pro', 'believer') THEN 365 ELSE 30 END) * ?
         ${opts.userId ? 'AND i.user_id = ?' : ''}
       LIMIT ?`,
      opts.nowMs,
      DAY_MS,
      ...(opts.userId ? [opts.userId] : []),
      RECLAIM_BATCH,
    ),
  );
  if (rows.length === 0) return { reclaimed: 0, more: false };
  const results = await deps.sql.batch(
    rows.map((r) =>
      sql(
        'DELETE FROM attachment_chunks WHERE user_id = ? AND vault_id = ? AND hash = ? RETURNING r2_key',
        r.user_id,
        r.vault_id,
        r.hash,
      ),
    ),
  );
  const gone = rows.filter((_, i) => (results[i]?.length ?? 0) > 0).map((r) => r.r2_key);
  try {
    await deps.objects.delete(gone);
  } catch (err) {
    deps.log('chunk_delete_failed', {
      count: gone.length,
      error: err instanceof Error ? err.name : 'unknown',
    });
  }
  deps.log('chunks_reclaimed', { count: gone.length });
  return { reclaimed: gone.length, more: rows.length === RECLAIM_BATCH };
}
