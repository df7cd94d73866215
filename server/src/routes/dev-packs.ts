import type { Hono } from 'hono';
import { DevPackResetRequest, DevSnapshotSizeRequest } from '../../../src/sync/protocol/dev-tools';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import type { AppEnv } from '../http/types';
import { sql } from '../ports/sql';

/** The development routes of pack production (docs/packs.md), on the caller's own account only. */
export function addDevPackRoutes(r: Hono<AppEnv>): void {
  // Forgets one vault's packs: its snapshots become backlog (the cron sweep's case).
  r.post('/packs/reset', async (c) => {
    const body = await parseBody(c, DevPackResetRequest);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    const userId = c.get('auth').userId;
    const rows = await deps.sql.all<{ object_key: string }>(
      sql('SELECT object_key FROM pack_index WHERE user_id = ? AND vault_id = ?', userId, body.value.vaultId),
    );
    await deps.sql.batch([
      sql('DELETE FROM pack_index WHERE user_id = ? AND vault_id = ?', userId, body.value.vaultId),
      sql('DELETE FROM pack_watermarks WHERE user_id = ? AND vault_id = ?', userId, body.value.vaultId),
    ]);
    await deps.objects.delete(rows.map((r) => r.object_key));
    return c.json({ forgotten: rows.length });
  });
  // Rewrites the declared size of one snapshot row (a drifted row, or one over 8 MB).
  r.post('/snapshot-size', async (c) => {
    const body = await parseBody(c, DevSnapshotSizeRequest);
    if (!body.ok) return body.response;
    const res = await c
      .get('deps')
      .sql.run(
        sql(
          'UPDATE crdt_snapshots SET size_bytes = ? WHERE user_id = ? AND vault_id = ? AND note_id = ?',
          body.value.sizeBytes,
          c.get('auth').userId,
          body.value.vaultId,
          body.value.noteId,
        ),
      );
    if (res.changes === 0) return errorResponse(c, 'NOT_FOUND', 'no such snapshot');
    return c.json({ ok: true });
  });
}
