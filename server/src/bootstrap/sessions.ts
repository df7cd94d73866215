import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { sql } from '../ports/sql';
import {
  BOOTSTRAP_SESSION_TTL_SECONDS,
  type BootstrapClaims,
  MAX_BOOTSTRAP_SESSION_LIFETIME_SECONDS,
  readBootstrapToken,
  signBootstrapToken,
} from './token';

/** Spec 8.2: unexpired ledger rows a user may hold at once. */
export const MAX_CONCURRENT_BOOTSTRAP_SESSIONS = 2;

export interface BootstrapIdentity {
  userId: string;
  deviceId: string;
  vaultId: string;
}

export interface IssuedToken {
  token: string;
  /** epoch milliseconds */
  expiresAt: number;
}

/**
 * Opens a session (spec 3.4): only for a device that never pulled (`last_cursor_seen` absent, NULL
 * or 0), and only while the user holds fewer than 2 unexpired sessions. The cap is checked by the
 * INSERT itself, so two racing opens cannot both take the last slot.
 */
export async function openSession(
  deps: Deps,
  secret: string,
  who: BootstrapIdentity,
): Promise<Result<IssuedToken>> {
  const device = await deps.sql.first<{ last_cursor_seen: number | null }>(
    sql('SELECT last_cursor_seen FROM devices WHERE id = ? AND user_id = ?', who.deviceId, who.userId),
  );
  if ((device?.last_cursor_seen ?? 0) > 0) {
    return fail('BOOTSTRAP_NOT_ELIGIBLE', 'this device has already pulled; bootstrap is for a first sync');
  }
  const now = deps.clock.nowMs();
  const jti = crypto.randomUUID();
  const expiresAt = now + BOOTSTRAP_SESSION_TTL_SECONDS * 1000;
  const row = await deps.sql.first<{ jti: string }>(
    sql(
      `INSERT INTO bootstrap_sessions (jti, user_id, device_id, vault_id, created_at, expires_at)
       SELECT ?, ?, ?, ?, ?, ?
       WHERE (SELECT COUNT(*) FROM bootstrap_sessions WHERE user_id = ? AND expires_at > ?) < ?
       RETURNING jti`,
      jti,
      who.userId,
      who.deviceId,
      who.vaultId,
      now,
      expiresAt,
      who.userId,
      now,
      MAX_CONCURRENT_BOOTSTRAP_SESSIONS,
    ),
  );
  if (!row)
    return fail('BOOTSTRAP_SESSION_LIMIT', 'two bootstrap sessions are already open for this account');
  const iat = Math.floor(now / 1000);
  const claims: BootstrapClaims = { v: 1, ...who, jti, iat, exp: Math.floor(expiresAt / 1000) };
  return ok({ token: await signBootstrapToken(secret, claims), expiresAt: claims.exp * 1000 });
}

const sameIdentity = (c: BootstrapClaims, who: BootstrapIdentity) =>
  c.userId === who.userId && c.deviceId === who.deviceId && c.vaultId === who.vaultId;

/**
 * Renews (spec 3.4): same `jti`, a fresh 60-minute TTL capped at 6 hours from the ledger's
 * `created_at`. A token of another user, device or vault: 403 BOOTSTRAP_IDENTITY_MISMATCH. An
 * expired token, a session past 6 hours, or one closed already: 403 BOOTSTRAP_SESSION_EXPIRED, and
 * its ledger row is dropped. Text that is not a token of this service: 400 VALIDATION_ERROR.
 */
export async function renewSession(
  deps: Deps,
  secret: string,
  who: BootstrapIdentity,
  token: string,
): Promise<Result<IssuedToken>> {
  const now = deps.clock.nowMs();
  const read = await readBootstrapToken(secret, token, now);
  if (!read.ok) return fail('VALIDATION_ERROR', 'not a bootstrap session token');
  if (!sameIdentity(read.claims, who)) {
    return fail('BOOTSTRAP_IDENTITY_MISMATCH', 'the token belongs to another user, device or vault');
  }
  const row = await deps.sql.first<{ created_at: number }>(
    sql(
      'SELECT created_at FROM bootstrap_sessions WHERE jti = ? AND user_id = ?',
      read.claims.jti,
      who.userId,
    ),
  );
  const ceiling = (row?.created_at ?? 0) + MAX_BOOTSTRAP_SESSION_LIFETIME_SECONDS * 1000;
  if (!row || read.expired || now >= ceiling) {
    await dropRow(deps, read.claims.jti, who.userId);
    return fail('BOOTSTRAP_SESSION_EXPIRED', 'the bootstrap session has ended; sync goes on without it');
  }
  const expiresAt = Math.min(now + BOOTSTRAP_SESSION_TTL_SECONDS * 1000, ceiling);
  await deps.sql.run(
    sql('UPDATE bootstrap_sessions SET expires_at = ? WHERE jti = ?', expiresAt, read.claims.jti),
  );
  const claims: BootstrapClaims = {
    ...read.claims,
    iat: Math.floor(now / 1000),
    exp: Math.floor(expiresAt / 1000),
  };
  return ok({ token: await signBootstrapToken(secret, claims), expiresAt: claims.exp * 1000 });
}

/** Closes (spec 3.4): drops the ledger row and frees the slot; closing twice is fine. */
export async function closeSession(
  deps: Deps,
  secret: string,
  who: BootstrapIdentity,
  token: string,
): Promise<Result<{ closed: true }>> {
  const read = await readBootstrapToken(secret, token, deps.clock.nowMs());
  if (!read.ok) return fail('VALIDATION_ERROR', 'not a bootstrap session token');
  if (!sameIdentity(read.claims, who)) {
    return fail('BOOTSTRAP_IDENTITY_MISMATCH', 'the token belongs to another user, device or vault');
  }
  await dropRow(deps, read.claims.jti, who.userId);
  return ok({ closed: true });
}

function dropRow(deps: Deps, jti: string, userId: string) {
  return deps.sql.run(sql('DELETE FROM bootstrap_sessions WHERE jti = ? AND user_id = ?', jti, userId));
}

/**
 * The bucket multiplier a request's `X-Svc-Bootstrap-Token` earns (spec 8.1): the rule's factor
 * only for an unexpired token of this very user, device and vault; otherwise 1. A missing, foreign
 * or malformed header never fails the request (spec 7). A closed session's token still elevates
 * until it expires (spec 3.4: accepted), so no ledger read here.
 */
export async function elevation(
  secret: string | null,
  header: string | undefined,
  who: BootstrapIdentity | null,
  nowMs: number,
): Promise<boolean> {
  if (!secret || !header || !who) return false;
  const read = await readBootstrapToken(secret, header, nowMs);
  return read.ok && !read.expired && sameIdentity(read.claims, who);
}

/** Records how far a device has pulled (the eligibility rule of spec 3.4); only ever raises it. */
export function recordCursorSeen(deps: Deps, userId: string, deviceId: string, cursor: number) {
  return deps.sql.run(
    sql(
      `UPDATE devices SET last_cursor_seen = ?
       WHERE id = ? AND user_id = ? AND (last_cursor_seen IS NULL OR last_cursor_seen < ?)`,
      cursor,
      deviceId,
      userId,
      cursor,
    ),
  );
}
