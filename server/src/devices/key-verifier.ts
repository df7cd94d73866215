import type { KeyVerifierResponse } from '../../../src/sync/protocol/keys';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';

/** The account's key verifier (opaque, client-derived; vault-key mismatch detection). */
export async function readKeyVerifier(deps: Deps, userId: string): Promise<KeyVerifierResponse> {
  const row = await deps.sql.first<{ verifier: string; updated_at: number }>(
    sql('SELECT verifier, updated_at FROM key_verifiers WHERE user_id = ?', userId),
  );
  return { verifier: row?.verifier ?? null, updatedAt: row?.updated_at ?? null };
}

/** Replaces the verifier (a key rotation writes a new one); last write wins. */
export async function writeKeyVerifier(
  deps: Deps,
  userId: string,
  verifier: string,
): Promise<KeyVerifierResponse> {
  const now = deps.clock.nowMs();
  await deps.sql.run(
    sql(
      `INSERT INTO key_verifiers (user_id, verifier, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET verifier = excluded.verifier, updated_at = excluded.updated_at`,
      userId,
      verifier,
      now,
    ),
  );
  return { verifier, updatedAt: now };
}
