import { PACK_MAX_ITEMS, PACKS_PER_BACKFILL_TICK } from '../../../src/sync/protocol/limits';
import { PACK_KIND_CRDT_SNAPSHOT, PACK_KIND_RECORDS } from '../../../src/sync/protocol/packs';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';
import { type BuildOutcome, buildNextPack, PACK_SETTLE_MS } from './build';
import { buildNextRecordPack } from './buildRecords';

/** The 6-hourly trigger of server/wrangler.jsonc that runs the sweep (the other one is daily). */
export const PACK_SWEEP_CRON = '0 */6 * * *';

/**
 * The 6-hourly backfill (spec 3.6 trigger): vaults with settled snapshots above their snapshot
 * watermark, then vaults with settled record rows above their record watermark (a lost enqueue, a
 * deployment that predates packs), at most PACKS_PER_BACKFILL_TICK packs in all per tick. Answers how many packs it listed and how many windows it scanned.
 */
export async function sweepPackBacklog(deps: Deps): Promise<{ built: number; windows: number }> {
  const settled = deps.clock.nowMs() - PACK_SETTLE_MS;
  const snapshotVaults = await deps.sql.all<{ user_id: string; vault_id: string }>(
    sql(
      `SELECT s.user_id, s.vault_id FROM crdt_snapshots s
       LEFT JOIN pack_watermarks w ON w.user_id = s.user_id AND w.vault_id = s.vault_id AND w.kind = ?
       WHERE s.created_at <= ? AND (w.user_id IS NULL OR s.created_at / 1000 > w.last_sort_value
         OR (s.created_at / 1000 = w.last_sort_value AND s.note_id > w.last_sort_tiebreak))
       GROUP BY s.user_id, s.vault_id
       LIMIT ?`,
      PACK_KIND_CRDT_SNAPSHOT,
      settled,
      PACKS_PER_BACKFILL_TICK,
    ),
  );
  // record packs (buildRecords.ts): vaults with a full window (256 feed entries) above their
  // record watermark; a smaller tail is never packed, so it must not hold a place in the tick
  const above = (table: string, extra: string) =>
    `SELECT t.user_id, t.vault_id FROM ${table} t
       LEFT JOIN pack_watermarks w ON w.user_id = t.user_id AND w.vault_id = t.vault_id AND w.kind = ?
       WHERE t.server_cursor > COALESCE(w.last_sort_value, 0) ${extra}`;
  const recordVaults = await deps.sql.all<{ user_id: string; vault_id: string }>(
    sql(
      `SELECT user_id, vault_id FROM (
         ${above('sync_items', 'AND t.purged_at IS NULL')}
         UNION ALL ${above('crdt_updates', '')}
         UNION ALL ${above('crdt_snapshots', '')}
       ) GROUP BY user_id, vault_id HAVING COUNT(*) >= ? LIMIT ?`,
      PACK_KIND_RECORDS,
      PACK_KIND_RECORDS,
      PACK_KIND_RECORDS,
      PACK_MAX_ITEMS,
      PACKS_PER_BACKFILL_TICK,
    ),
  );
  let built = 0;
  let windows = 0;
  const drain = async (
    vaults: { user_id: string; vault_id: string }[],
    next: (deps: Deps, userId: string, vaultId: string) => Promise<BuildOutcome>,
  ) => {
    for (const v of vaults) {
      // windows of only holes and skips write nothing and cost nothing of the budget
      while (built < PACKS_PER_BACKFILL_TICK) {
        const step = await next(deps, v.user_id, v.vault_id);
        windows++;
        if (step.built) built++;
        if (!step.more) break;
      }
    }
  };
  await drain(snapshotVaults, buildNextPack);
  await drain(recordVaults, buildNextRecordPack);
  if (built > 0 || windows > 0)
    deps.log('pack_sweep', { built, windows, vaults: snapshotVaults.length + recordVaults.length });
  return { built, windows };
}
