import type { ObjectStore } from '../objects/ports';
import type { Clock } from '../ports/clock';
import { type Sql, sql } from '../ports/sql';

/** A position in pack order: (sort value, note id). */
export interface PackWatermark {
  sortValue: number;
  tiebreak: string;
}

/** Below every row: a vault that never had a pack starts here. */
export const NO_WATERMARK: PackWatermark = { sortValue: -1, tiebreak: '' };

export async function readWatermark(
  db: Sql,
  userId: string,
  vaultId: string,
  kind: string,
): Promise<PackWatermark> {
  const row = await db.first<{ last_sort_value: number; last_sort_tiebreak: string }>(
    sql(
      'SELECT last_sort_value, last_sort_tiebreak FROM pack_watermarks WHERE user_id = ? AND vault_id = ? AND kind = ?',
      userId,
      vaultId,
      kind,
    ),
  );
  return row ? { sortValue: row.last_sort_value, tiebreak: row.last_sort_tiebreak } : NO_WATERMARK;
}

export interface BuiltPack {
  bytes: Uint8Array;
  entryCount: number;
  min: PackWatermark;
  max: PackWatermark;
  /** `records` packs: the cursor the pack starts above (its window's watermark) */
  fromCursor?: number;
}

/** The object key of spec 2.11 plus a random suffix: two packs may share (min, max) (docs/packs.md). */
export function packObjectKey(userId: string, vaultId: string, kind: string, pack: BuiltPack): string {
  const suffix = [...crypto.getRandomValues(new Uint8Array(6))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return `${userId}/vaults/${vaultId}/packs/${kind}/${pack.min.sortValue}_${pack.max.sortValue}-${suffix}.pack`;
}

/**
 * The write order of spec 3.6: object put, then the `pack_index` row, then the watermark. Each
 * step runs only after the one before succeeded, so a listed pack always has its object and the
 * watermark never passes rows whose pack is not listed (a failure leaves the window to the next
 * run; a put whose row never came leaks one unlisted object). The watermark only moves forward:
 * two builders racing on one vault (queue and cron) cannot move it back. A builder that lost the
 * race for the same first entry drops its own object and leaves the watermark to the winner: its
 * window may reach further than the winner's, and moving the watermark past rows no listed pack
 * holds would leave them out of every pack (and break the chain of `records` packs). `pack` null: the window held only holes and
 * skips; only the watermark moves. Answers whether a pack was listed.
 */
export async function commitPack(
  deps: { sql: Sql; objects: ObjectStore; clock: Clock },
  scope: { userId: string; vaultId: string; kind: string },
  pack: BuiltPack | null,
  next: PackWatermark,
): Promise<boolean> {
  let listed = false;
  if (pack) {
    const key = packObjectKey(scope.userId, scope.vaultId, scope.kind, pack);
    await deps.objects.put(key, pack.bytes);
    const row = await deps.sql.first<{ id: number }>(
      sql(
        `INSERT INTO pack_index (user_id, vault_id, kind, min_cursor, max_cursor, min_tiebreak, max_tiebreak,
           object_key, entry_count, size_bytes, created_at, from_cursor)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, vault_id, kind, min_cursor, min_tiebreak) DO NOTHING
         RETURNING id`,
        scope.userId,
        scope.vaultId,
        scope.kind,
        pack.min.sortValue,
        pack.max.sortValue,
        pack.min.tiebreak,
        pack.max.tiebreak,
        key,
        pack.entryCount,
        pack.bytes.length,
        deps.clock.nowMs(),
        pack.fromCursor ?? null,
      ),
    );
    listed = row !== null;
    if (!listed) {
      await deps.objects.delete([key]);
      return false;
    }
  }
  await deps.sql.run(
    sql(
      `INSERT INTO pack_watermarks (user_id, vault_id, kind, last_sort_value, last_sort_tiebreak, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, vault_id, kind) DO UPDATE SET last_sort_value = excluded.last_sort_value,
         last_sort_tiebreak = excluded.last_sort_tiebreak, updated_at = excluded.updated_at
       WHERE excluded.last_sort_value > pack_watermarks.last_sort_value
         OR (excluded.last_sort_value = pack_watermarks.last_sort_value
             AND excluded.last_sort_tiebreak > pack_watermarks.last_sort_tiebreak)`,
      scope.userId,
      scope.vaultId,
      scope.kind,
      next.sortValue,
      next.tiebreak,
      deps.clock.nowMs(),
    ),
  );
  return listed;
}
