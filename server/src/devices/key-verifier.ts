import type { KeyVerifierResponse } from '../../../src/sync/protocol/keys';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { sql } from '../ports/sql';

/** A vault's key verifier (opaque vault key record, docs/keys.md); nulls until one is stored. */
export async function readKeyVerifier(
  deps: Deps,
  userId: string,
  vaultId: string,
): Promise<KeyVerifierResponse> {
  const row = await deps.sql.first<{ verifier: string; updated_at: number }>(
    sql(
      'SELECT verifier, updated_at FROM vault_key_verifiers WHERE user_id = ? AND vault_id = ?',
      userId,
      vaultId,
    ),
  );
  return { verifier: row?.verifier ?? null, updatedAt: row?.updated_at ?? null };
}

/**
 * Stores a vault's verifier. FIRST WRITER WINS: a different value over an existing one is
 * refused (KEY_VERIFIER_CONFLICT) unless `rotate` is set, so a device holding a wrong vault key
 * cannot silently replace the verifier that exists to catch it. Writing the same value again is
 * an idempotent success. The check and the write are one conditional statement.
 */
export async function writeKeyVerifier(
  deps: Deps,
  userId: string,
  vaultId: string,
  verifier: string,
  rotate: boolean,
): Promise<Result<KeyVerifierResponse>> {
  const now = deps.clock.nowMs();
  const written = await deps.sql.run(
    sql(
      `INSERT INTO vault_key_verifiers (user_id, vault_id, verifier, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, vault_id) DO UPDATE SET verifier = excluded.verifier, updated_at = excluded.updated_at
       WHERE ? = 1 AND vault_key_verifiers.verifier <> excluded.verifier`,
      userId,
      vaultId,
      verifier,
      now,
      rotate ? 1 : 0,
    ),
  );
  if (written.changes > 0) return ok({ verifier, updatedAt: now });
  const current = await readKeyVerifier(deps, userId, vaultId);
  if (current.verifier === verifier) return ok(current);
  return fail(
    'KEY_VERIFIER_CONFLICT',
    'this vault already has a different key verifier; rotate explicitly to replace it',
  );
}
