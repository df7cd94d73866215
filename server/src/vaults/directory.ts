import type {
  RegisterVaultRequest,
  VaultIconRequest,
  VaultIconResponse,
  VaultInfo,
} from '../../../src/sync/protocol/vaults';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { sql } from '../ports/sql';

interface VaultRow {
  vault_id: string;
  encrypted_name: string;
  name_nonce: string;
  encrypted_icon: string | null;
  icon_nonce: string | null;
  icon_changed_at: number | null;
  created_at: number;
  updated_at: number;
  item_count: number;
}

export async function listVaults(deps: Deps, userId: string): Promise<VaultInfo[]> {
  const rows = await deps.sql.all<VaultRow>(
    sql(
      `SELECT v.*, (SELECT COUNT(*) FROM sync_items i WHERE i.user_id = v.user_id AND i.vault_id = v.vault_id
         AND i.deleted_at IS NULL) AS item_count
       FROM sync_vaults v WHERE v.user_id = ? ORDER BY v.created_at, v.vault_id`,
      userId,
    ),
  );
  return rows.map((r) => ({
    vaultId: r.vault_id,
    encryptedName: r.encrypted_name,
    nameNonce: r.name_nonce,
    encryptedIcon: r.encrypted_icon,
    iconNonce: r.icon_nonce,
    iconChangedAt: r.icon_changed_at,
    itemCount: r.item_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/**
 * Registers a vault or updates its encrypted name. A NEW vault past the plan's limit is refused
 * with SYNC_VAULT_LIMIT_EXCEEDED; the count check and insert are one conditional statement, so
 * two concurrent registrations cannot both slip under the limit.
 */
export async function registerVault(
  deps: Deps,
  userId: string,
  vaultLimit: number | null,
  req: RegisterVaultRequest,
): Promise<Result<{ vaultId: string; created: boolean }>> {
  const now = deps.clock.nowMs();
  const vaultId = req.vaultId.toLowerCase();
  const updated = await deps.sql.run(
    sql(
      'UPDATE sync_vaults SET encrypted_name = ?, name_nonce = ?, updated_at = ? WHERE user_id = ? AND vault_id = ?',
      req.encryptedName,
      req.nameNonce,
      now,
      userId,
      vaultId,
    ),
  );
  if (updated.changes > 0) return ok({ vaultId, created: false });
  const inserted = await deps.sql.run(
    sql(
      `INSERT INTO sync_vaults (user_id, vault_id, encrypted_name, name_nonce, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ? WHERE ? IS NULL OR (SELECT COUNT(*) FROM sync_vaults WHERE user_id = ?) < ?
       ON CONFLICT (user_id, vault_id) DO NOTHING`,
      userId,
      vaultId,
      req.encryptedName,
      req.nameNonce,
      now,
      now,
      vaultLimit,
      userId,
      vaultLimit,
    ),
  );
  if (inserted.changes === 0) {
    return fail('SYNC_VAULT_LIMIT_EXCEEDED', 'the plan allows no more vaults', { vaultLimit });
  }
  return ok({ vaultId, created: true });
}

/** Stores an encrypted icon if its client change time is newer than the stored one (LWW). */
export async function setVaultIcon(
  deps: Deps,
  userId: string,
  vaultId: string,
  req: VaultIconRequest,
): Promise<Result<VaultIconResponse>> {
  const res = await deps.sql.run(
    sql(
      `UPDATE sync_vaults SET encrypted_icon = ?, icon_nonce = ?, icon_changed_at = ?, updated_at = ?
       WHERE user_id = ? AND vault_id = ? AND (icon_changed_at IS NULL OR icon_changed_at < ?)`,
      req.encryptedIcon,
      req.iconNonce,
      req.changedAt,
      deps.clock.nowMs(),
      userId,
      vaultId,
      req.changedAt,
    ),
  );
  if (res.changes > 0) return ok({ applied: true, iconChangedAt: req.changedAt });
  const row = await deps.sql.first<{ icon_changed_at: number | null }>(
    sql('SELECT icon_changed_at FROM sync_vaults WHERE user_id = ? AND vault_id = ?', userId, vaultId),
  );
  if (!row) return fail('NOT_FOUND', 'no such vault');
  return ok({ applied: false, iconChangedAt: row.icon_changed_at ?? req.changedAt });
}
