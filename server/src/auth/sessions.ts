import type { SessionTokens } from '../../../src/sync/protocol/auth';
import type { Deps } from '../deps';
import { issueAccessToken } from '../domain/access-token';
import { fail, ok, type Result } from '../domain/result';
import { randomToken, sha256HexOf } from '../domain/tokens';
import { type Statement, sql } from '../ports/sql';

export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;

/** Statements that store a new refresh token (hashed) in `familyId`; returns the clear token. */
async function newRefresh(
  deps: Deps,
  userId: string,
  deviceId: string,
  familyId: string,
): Promise<{ token: string; expiresAt: number; stmt: Statement }> {
  const token = randomToken();
  const now = deps.clock.nowMs();
  const expiresAt = now + REFRESH_TOKEN_TTL_SECONDS * 1000;
  const stmt = sql(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, device_id, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    await sha256HexOf(token),
    familyId,
    userId,
    deviceId,
    now,
    expiresAt,
  );
  return { token, expiresAt, stmt };
}

async function tokens(
  deps: Deps,
  userId: string,
  deviceId: string,
  refresh: { token: string; expiresAt: number },
) {
  const secret = deps.config.tokenSecret as string;
  const now = deps.clock.nowMs();
  const ttl = deps.config.accessTokenTtlSeconds;
  return {
    userId,
    deviceId,
    accessToken: await issueAccessToken(secret, { sub: userId, did: deviceId }, now, ttl),
    accessTokenExpiresAt: Math.floor(now / 1000) * 1000 + ttl * 1000,
    refreshToken: refresh.token,
    refreshTokenExpiresAt: refresh.expiresAt,
  } satisfies SessionTokens;
}

/** Starts a new session family; `extra` statements commit in the same transaction. */
export async function startSession(
  deps: Deps,
  userId: string,
  deviceId: string,
  extra: readonly Statement[],
): Promise<SessionTokens> {
  const refresh = await newRefresh(deps, userId, deviceId, crypto.randomUUID());
  await deps.sql.batch([...extra, refresh.stmt]);
  return tokens(deps, userId, deviceId, refresh);
}

/**
 * Rotates a refresh token. The old token is marked rotated with a conditional update, so two
 * concurrent refreshes cannot both succeed. Presenting an already-rotated token is treated as
 * theft: the whole family is revoked. A revoked device cannot refresh.
 */
export async function rotateSession(deps: Deps, refreshToken: string): Promise<Result<SessionTokens>> {
  const hash = await sha256HexOf(refreshToken);
  const now = deps.clock.nowMs();
  const invalid = fail<SessionTokens>('REFRESH_INVALID', 'the refresh token is not valid; sign in again');
  const row = await deps.sql.first<{
    family_id: string;
    user_id: string;
    device_id: string;
    expires_at: number;
    rotated_at: number | null;
    revoked_at: number | null;
    device_revoked_at: number | null;
  }>(
    sql(
      `SELECT r.family_id, r.user_id, r.device_id, r.expires_at, r.rotated_at, r.revoked_at, d.revoked_at AS device_revoked_at
       FROM refresh_tokens r JOIN devices d ON d.id = r.device_id WHERE r.token_hash = ?`,
      hash,
    ),
  );
  if (!row || row.revoked_at !== null || row.expires_at <= now || row.device_revoked_at !== null)
    return invalid;
  if (row.rotated_at !== null) {
    await revokeFamily(deps, row.family_id);
    return invalid;
  }
  const claimed = await deps.sql.run(
    sql('UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL', now, hash),
  );
  if (claimed.changes !== 1) {
    await revokeFamily(deps, row.family_id);
    return invalid;
  }
  const refresh = await newRefresh(deps, row.user_id, row.device_id, row.family_id);
  await deps.sql.run(refresh.stmt);
  return ok(await tokens(deps, row.user_id, row.device_id, refresh));
}

export async function revokeFamily(deps: Deps, familyId: string): Promise<void> {
  await deps.sql.run(
    sql(
      'UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL',
      deps.clock.nowMs(),
      familyId,
    ),
  );
}

/** Sign-out: revokes the token's family. Idempotent; an unknown token is not an error. */
export async function endSession(deps: Deps, refreshToken: string): Promise<void> {
  const row = await deps.sql.first<{ family_id: string }>(
    sql('SELECT family_id FROM refresh_tokens WHERE token_hash = ?', await sha256HexOf(refreshToken)),
  );
  if (row) await revokeFamily(deps, row.family_id);
}
