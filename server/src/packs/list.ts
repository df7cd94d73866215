import type { PackKind, PackListEntry, PackListResponse } from '../../../src/sync/protocol/packs';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';

interface PackRow {
  id: number;
  kind: string;
  from_cursor: number | null;
  min_cursor: number;
  max_cursor: number;
  object_key: string;
  entry_count: number;
  size_bytes: number;
}

/**
 * One page of a vault's packs, newest first (highest `pack_index.id`: the watermark only moves
 * forward, so build order is cursor order within a kind). `kinds`: the kinds asked for (the route
 * lists `records` only to a client that names it). `before`: the previous page's `nextCursor`.
 * Each entry gets a fresh signed URL when the deployment can presign, none otherwise.
 */
export async function listPacks(
  deps: Deps,
  scope: { userId: string; vaultId: string },
  page: { limit: number; before: number | null; kinds: readonly PackKind[] },
): Promise<PackListResponse> {
  const rows = await deps.sql.all<PackRow>(
    sql(
      `SELECT id, kind, from_cursor, min_cursor, max_cursor, object_key, entry_count, size_bytes FROM pack_index
       WHERE user_id = ? AND vault_id = ? AND kind IN (${page.kinds.map(() => '?').join(', ')}) AND id < ?
       ORDER BY id DESC LIMIT ?`,
      scope.userId,
      scope.vaultId,
      ...page.kinds,
      page.before ?? Number.MAX_SAFE_INTEGER,
      page.limit + 1,
    ),
  );
  const kept = rows.slice(0, page.limit);
  const urls = deps.objectUrls;
  const packs = await Promise.all(
    kept.map(async (r): Promise<PackListEntry> => {
      const entry: PackListEntry = {
        kind: r.kind,
        ...(r.from_cursor === null ? {} : { fromCursor: r.from_cursor }),
        minCursor: r.min_cursor,
        maxCursor: r.max_cursor,
        sizeBytes: r.size_bytes,
        entryCount: r.entry_count,
      };
      return urls ? { ...entry, ...(await urls.presignGet(r.object_key)) } : entry;
    }),
  );
  const last = kept[kept.length - 1];
  return { packs, nextCursor: rows.length > page.limit && last ? last.id : null };
}
