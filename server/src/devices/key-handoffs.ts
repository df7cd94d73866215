import type { KeyHandoff, KeyHandoffRequest } from '../../../src/sync/protocol/keys';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { sql } from '../ports/sql';

const MAX_PENDING_PER_DEVICE = 50;

/** Stores a sealed vault key for another live device of the SAME account (ciphertext only). */
export async function depositHandoff(
  deps: Deps,
  userId: string,
  fromDeviceId: string,
  req: KeyHandoffRequest,
): Promise<Result<{ handoffId: string }>> {
  const target = await deps.sql.first<{ pending: number }>(
    sql(
      `SELECT (SELECT COUNT(*) FROM key_handoffs WHERE user_id = ? AND to_device_id = ?) AS pending
       FROM devices WHERE id = ? AND user_id = ? AND revoked_at IS NULL`,
      userId,
      req.toDeviceId,
      req.toDeviceId,
      userId,
    ),
  );
  if (!target) return fail('NOT_FOUND', 'no such device');
  if (target.pending >= MAX_PENDING_PER_DEVICE)
    return fail('CONFLICT', 'too many pending key handoffs for that device');
  const handoffId = crypto.randomUUID();
  await deps.sql.run(
    sql(
      `INSERT INTO key_handoffs (id, user_id, from_device_id, to_device_id, vault_id, sealed_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      handoffId,
      userId,
      fromDeviceId,
      req.toDeviceId,
      req.vaultId,
      req.sealedKey,
      deps.clock.nowMs(),
    ),
  );
  return ok({ handoffId });
}

/** Returns and deletes the calling device's pending handoffs (at most once each). */
export async function claimHandoffs(deps: Deps, userId: string, deviceId: string): Promise<KeyHandoff[]> {
  const rows = await deps.sql.all<{
    id: string;
    from_device_id: string;
    vault_id: string;
    sealed_key: string;
    created_at: number;
  }>(
    sql(
      `DELETE FROM key_handoffs WHERE user_id = ? AND to_device_id = ?
       RETURNING id, from_device_id, vault_id, sealed_key, created_at`,
      userId,
      deviceId,
    ),
  );
  return rows
    .map((r) => ({
      handoffId: r.id,
      fromDeviceId: r.from_device_id,
      vaultId: r.vault_id,
      sealedKey: r.sealed_key,
      createdAt: r.created_at,
    }))
    .sort((a, b) => a.createdAt - b.createdAt);
}
