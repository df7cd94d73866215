import type { Deps } from '../deps';
import { sql } from '../ports/sql';

const DAY_MS = 86_400_000;

/**
 * Daily cleanup of rows that only ever expire: finished rate windows (older than a day), spent
 * or expired one-time codes, refresh tokens a week past expiry or revocation, billing events
 * older than 30 days (Paddle's retries end within days, and the replay window is minutes) and
 * checkouts older than reconcile looks (7 days). None of these rows is read after it expires, so
 * deleting them changes no answer.
 */
export async function housekeeping(deps: Deps, nowMs: number): Promise<void> {
  await deps.sql.batch([
    sql('DELETE FROM rate_windows WHERE window_start < ?', nowMs - DAY_MS),
    sql('DELETE FROM otp_codes WHERE expires_at < ?', nowMs),
    sql(
      'DELETE FROM refresh_tokens WHERE expires_at < ? OR (revoked_at IS NOT NULL AND revoked_at < ?)',
      nowMs - 7 * DAY_MS,
      nowMs - 7 * DAY_MS,
    ),
    sql('DELETE FROM billing_events WHERE received_at < ?', nowMs - 30 * DAY_MS),
    sql('DELETE FROM billing_checkouts WHERE created_at < ?', nowMs - 7 * DAY_MS),
  ]);
}
