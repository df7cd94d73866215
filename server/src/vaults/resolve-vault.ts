import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { type Statement, sql } from '../ports/sql';

/** The vault of accounts that predate the vault directory (and of accounts with no vault yet). */
export const DEFAULT_VAULT_ID = 'default';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves the vault a sync request is scoped to (spec section 4). Never creates a vault.
 * - header absent: no vaults -> `default`; exactly one -> it; several -> VALIDATION_ERROR.
 * - header `default`: the legacy default vault.
 * - header a UUID: must be one of THIS account's registered vaults, else VALIDATION_ERROR (a
 *   vault of another account is indistinguishable from a vault that does not exist).
 * Over the plan's vault limit (after a downgrade), data routes answer SYNC_VAULT_LIMIT_EXCEEDED.
 */
export async function resolveVault(
  deps: Deps,
  userId: string,
  header: string | null,
  vaultLimit: number | null,
): Promise<Result<string>> {
  return pickVault(await deps.sql.all<VaultRow>(vaultRowsStatement(userId)), header, vaultLimit);
}

export interface VaultRow {
  vault_id: string;
}

/** The account's registered vaults, oldest first (read with the access checks, sync-access.ts). */
export function vaultRowsStatement(userId: string): Statement {
  return sql('SELECT vault_id FROM sync_vaults WHERE user_id = ? ORDER BY created_at LIMIT 1001', userId);
}

/** `resolveVault` over rows already read by `vaultRowsStatement`. */
export function pickVault(
  rows: readonly VaultRow[],
  header: string | null,
  vaultLimit: number | null,
): Result<string> {
  if (vaultLimit !== null && rows.length > vaultLimit) {
    return fail('SYNC_VAULT_LIMIT_EXCEEDED', 'the account has more vaults than its plan allows', {
      vaultLimit,
      vaults: rows.length,
    });
  }
  if (header === null || header === '') {
    if (rows.length === 0) return ok(DEFAULT_VAULT_ID);
    if (rows.length === 1) return ok((rows[0] as VaultRow).vault_id);
    return fail('VALIDATION_ERROR', 'the account has several vaults: send X-Svc-Vault-Id');
  }
  if (header === DEFAULT_VAULT_ID) return ok(DEFAULT_VAULT_ID);
  if (!UUID.test(header)) return fail('VALIDATION_ERROR', 'X-Svc-Vault-Id must be a vault UUID');
  const id = header.toLowerCase();
  if (!rows.some((r) => r.vault_id === id)) {
    return fail('VALIDATION_ERROR', 'X-Svc-Vault-Id names no vault of this account; register it first');
  }
  return ok(id);
}
