import type { ClientPlatform } from '../../../src/sync/protocol/client-header';
import type { DeviceInfo } from '../../../src/sync/protocol/devices';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { sql } from '../ports/sql';

interface DeviceRow {
  id: string;
  name: string;
  platform: string | null;
  public_key: string;
  created_at: number;
  revoked_at: number | null;
}

/** The account's devices; `includeRevoked` gives the signing-key directory of `GET /auth/devices`. */
export async function listDevices(
  deps: Deps,
  userId: string,
  currentDeviceId: string,
  includeRevoked: boolean,
): Promise<DeviceInfo[]> {
  const rows = await deps.sql.all<DeviceRow>(
    sql(
      `SELECT id, name, platform, public_key, created_at, revoked_at FROM devices WHERE user_id = ?
       ${includeRevoked ? '' : 'AND revoked_at IS NULL'} ORDER BY created_at, id`,
      userId,
    ),
  );
  return rows.map((r) => ({
    deviceId: r.id,
    name: r.name,
    platform: r.platform as ClientPlatform | null,
    publicKey: r.public_key,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
    current: r.id === currentDeviceId,
  }));
}

/**
 * Revokes one of the account's devices and its refresh tokens in one transaction. A device of
 * another account answers NOT_FOUND (no existence leak). Revoking twice is a no-op.
 */
export async function revokeDevice(
  deps: Deps,
  userId: string,
  deviceId: string,
): Promise<Result<{ revokedAt: number }>> {
  const now = deps.clock.nowMs();
  const row = await deps.sql.first<{ revoked_at: number | null }>(
    sql('SELECT revoked_at FROM devices WHERE id = ? AND user_id = ?', deviceId, userId),
  );
  if (!row) return fail('NOT_FOUND', 'no such device');
  if (row.revoked_at !== null) return ok({ revokedAt: row.revoked_at });
  await deps.sql.batch([
    sql(
      'UPDATE devices SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL',
      now,
      deviceId,
      userId,
    ),
    sql('UPDATE refresh_tokens SET revoked_at = ? WHERE device_id = ? AND revoked_at IS NULL', now, deviceId),
  ]);
  return ok({ revokedAt: now });
}

/** Public keys by device id for signature checks, revoked devices included (spec 5.3). */
export async function devicePublicKey(
  deps: Deps,
  userId: string,
  deviceId: string,
): Promise<{ publicKey: string; revokedAt: number | null } | null> {
  const row = await deps.sql.first<{ public_key: string; revoked_at: number | null }>(
    sql('SELECT public_key, revoked_at FROM devices WHERE id = ? AND user_id = ?', deviceId, userId),
  );
  return row ? { publicKey: row.public_key, revokedAt: row.revoked_at } : null;
}
