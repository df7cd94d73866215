import { type Statement, sql } from '../ports/sql';

/**
 * The last statement of a D1 batch that grows storage: it fails (CHECK constraint, see
 * migrations/0005_quota_guard.sql), rolling the whole batch back, when the account's usage after
 * the batch's own writes is over `limitBytes`. The check made before the batch stays the fast,
 * per-item path; this one only catches what a concurrent write changed in between.
 */
export function quotaGuardStatement(userId: string, limitBytes: number): Statement {
  return sql(
    `INSERT INTO quota_guards (user_id, over_quota)
     VALUES (?, COALESCE((SELECT bytes FROM account_usage WHERE user_id = ?), 0) > ?)
     ON CONFLICT (user_id) DO UPDATE SET over_quota = excluded.over_quota`,
    userId,
    userId,
    limitBytes,
  );
}

/** Whether a failed batch was refused by the quota guard (and so rolled back whole). */
export function isQuotaGuardFailure(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err);
  return /CHECK constraint failed/i.test(text) && /over_quota|quota_guards/i.test(text);
}
