import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { randomOtpCode, sha256HexOf } from '../domain/tokens';
import { sql } from '../ports/sql';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;

const codeHash = (email: string, code: string) => sha256HexOf(`cairn-otp:${email}:${code}`);

/**
 * Issues a fresh code for `email` (replacing any pending one) and hands it to the mailer.
 * Returns the code itself only so the route can echo it for development accounts.
 */
export async function issueOtp(deps: Deps, email: string): Promise<string> {
  const code = randomOtpCode();
  const expiresAt = deps.clock.nowMs() + OTP_TTL_SECONDS * 1000;
  await deps.sql.run(
    sql(
      `INSERT INTO otp_codes (email, code_hash, expires_at, attempts) VALUES (?, ?, ?, 0)
       ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
      email,
      await codeHash(email, code),
      expiresAt,
    ),
  );
  await deps.mailer.sendSignInCode(email, code);
  return code;
}

/**
 * Consumes a code: correct and unexpired deletes it (single use); a wrong one counts an attempt
 * and the code dies after OTP_MAX_ATTEMPTS. The attempt is counted atomically before comparing.
 */
export async function consumeOtp(deps: Deps, email: string, code: string): Promise<Result<true>> {
  const row = await deps.sql.first<{ code_hash: string; expires_at: number; attempts: number }>(
    sql(
      'UPDATE otp_codes SET attempts = attempts + 1 WHERE email = ? RETURNING code_hash, expires_at, attempts',
      email,
    ),
  );
  const invalid = fail<true>('OTP_INVALID', 'the code is wrong or expired; request a new one');
  if (!row) return invalid;
  if (row.expires_at <= deps.clock.nowMs() || row.attempts > OTP_MAX_ATTEMPTS) {
    await deps.sql.run(sql('DELETE FROM otp_codes WHERE email = ?', email));
    return invalid;
  }
  if (row.code_hash !== (await codeHash(email, code))) return invalid;
  await deps.sql.run(sql('DELETE FROM otp_codes WHERE email = ?', email));
  return ok(true);
}
