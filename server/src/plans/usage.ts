import type { Deps } from '../deps';
import { sql } from '../ports/sql';

/** Bytes the account stores now (kept exact by triggers on the item and CRDT tables). */
export async function readUsage(deps: Deps, userId: string): Promise<number> {
  const row = await deps.sql.first<{ bytes: number }>(
    sql('SELECT bytes FROM account_usage WHERE user_id = ?', userId),
  );
  return row?.bytes ?? 0;
}
