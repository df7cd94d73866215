import { PACKS_PER_BACKFILL_TICK } from '../../../src/sync/protocol/limits';
import { PACK_KIND_CRDT_SNAPSHOT } from '../../../src/sync/protocol/packs';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';
import { buildNextPack, PACK_SETTLE_MS } from './build';

/** The 6-hourly trigger of server/wrangler.jsonc that runs the sweep (the other one is daily). */
export const PACK_SWEEP_CRON = '0 */6 * * *';

/**
 * The 6-hourly backfill (spec 3.6 trigger): vaults with settled snapshots above their watermark
 * (a lost enqueue, a deployment that predates packs), at most PACKS_PER_BACKFILL_TICK packs in
 * all per tick. Answers how many packs it listed and how many windows it scanned.
 */
export async function sweepPackBacklog(deps: Deps): Promise<{ built: number; windows: number }> {
  const vaults = await deps.sql.all<{ user_id: string; vault_id: string }>(
    sql(
      `SELECT s.user_id, s.vault_id FROM crdt_snapshots s
       LEFT JOIN pack_watermarks w ON w.user_id = s.user_id AND w.vault_id = s.vault_id AND w.kind = ?
       WHERE s.created_at <= ? AND (w.user_id IS NULL OR s.created_at / 1000 > w.last_sort_value
         OR (s.created_at / 1000 = w.last_sort_value AND s.note_id > w.last_sort_tiebreak))
       GROUP BY s.user_id, s.vault_id
       LIMIT ?`,
      PACK_KIND_CRDT_SNAPSHOT,
      deps.clock.nowMs() - PACK_SETTLE_MS,
      PACKS_PER_BACKFILL_TICK,
    ),
  );
  let built = 0;
  let windows = 0;
  for (const v of vaults) {
    // windows of only holes and skips write nothing and cost nothing of the budget
    while (built < PACKS_PER_BACKFILL_TICK) {
      const step = await buildNextPack(deps, v.user_id, v.vault_id);
      windows++;
      if (step.built) built++;
      if (!step.more) break;
    }
  }
  if (built > 0 || windows > 0) deps.log('pack_sweep', { built, windows, vaults: vaults.length });
  return { built, windows };
}
