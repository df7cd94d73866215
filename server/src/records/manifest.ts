import type { NegotiatedTypes } from '../../../src/sync/protocol/item-types';
import type { ManifestEntry, ManifestResponse } from '../../../src/sync/protocol/manifest';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';

interface ManifestRow {
  type: string;
  id: string;
  server_cursor: number | null;
  deleted_at: number | null;
  content_hash: string;
}

/**
 * `GET /sync/manifest`: with no page the complete listing (no `nextCursor`); with a limit, pages
 * keyed on server_cursor. A row updated between pages moves to a later cursor, so it may appear
 * twice, never zero times. The type list binds at most 16 parameters (under the 95 ceiling).
 */
export async function manifest(
  deps: Deps,
  ctx: { userId: string; vaultId: string; types: NegotiatedTypes },
  page: { limit: number; cursor: number } | null,
): Promise<ManifestResponse> {
  if (ctx.types.types.length === 0) return page ? { items: [], nextCursor: null } : { items: [] };
  const typeList = ctx.types.types.map(() => '?').join(', ');
  const base = `SELECT type, id, server_cursor, deleted_at, content_hash FROM sync_items
    WHERE user_id = ? AND vault_id = ? AND type IN (${typeList})`;
  const rows = page
    ? await deps.sql.all<ManifestRow>(
        sql(
          `${base} AND server_cursor > ? ORDER BY server_cursor LIMIT ?`,
          ctx.userId,
          ctx.vaultId,
          ...ctx.types.types,
          page.cursor,
          page.limit,
        ),
      )
    : await deps.sql.all<ManifestRow>(
        sql(`${base} ORDER BY server_cursor`, ctx.userId, ctx.vaultId, ...ctx.types.types),
      );
  const items: ManifestEntry[] = rows.map((r) => ({
    type: r.type,
    id: r.id,
    serverCursor: r.server_cursor,
    deleted: r.deleted_at !== null,
    contentHash: r.content_hash,
  }));
  if (!page) return { items };
  const last = rows.at(-1);
  return { items, nextCursor: rows.length === page.limit && last ? last.server_cursor : null };
}
