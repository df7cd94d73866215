import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../domain/access-token';
import { errorResponse } from '../http/errors';
import type { AppEnv, AuthContext } from '../http/types';
import { type Statement, sql } from '../ports/sql';

/**
 * The access token: `Authorization: Bearer <token>`, or, on a WebSocket upgrade only (browsers
 * cannot set headers there), a `bearer.<token>` entry of `Sec-WebSocket-Protocol`. Never a query
 * parameter: URLs end up in logs.
 */
export function bearerToken(authorization?: string, upgrade?: string, protocols?: string): string | null {
  const m = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(authorization ?? '');
  if (m) return m[1] as string;
  if (upgrade?.toLowerCase() !== 'websocket' || !protocols) return null;
  const entry = protocols
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith('bearer.'));
  const token = entry?.slice('bearer.'.length) ?? '';
  return /^[A-Za-z0-9._-]{1,4096}$/.test(token) ? token : null;
}

/**
 * Bearer access-token authentication (spec 5.1). Refuses with 401 and a code:
 * UNAUTHENTICATED (no or bad token), TOKEN_EXPIRED, DEVICE_REVOKED (the device is revoked, gone or
 * not the account's). Writes nothing, so `GET /sync/status` stays a side-effect-free probe.
 * `/sync/*` uses `syncAccess` (sync-access.ts): the same checks, read with the plan in one batch.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = await verifyBearer(c);
  if (!bearer.ok) return bearer.response;
  const deps = c.get('deps');
  const device = await c
    .get('timing')
    .measure('device', () => deps.sql.first<DeviceRow>(deviceStatement(bearer.auth)));
  const refused = deviceRefusal(c, device);
  if (refused) return refused;
  c.set('auth', bearer.auth);
  await next();
});

export interface DeviceRow {
  revoked_at: number | null;
}

/** The token of the request, checked without database access (signature, type, expiry). */
export async function verifyBearer(
  c: Context<AppEnv>,
): Promise<{ ok: true; auth: AuthContext } | { ok: false; response: Response }> {
  const deps = c.get('deps');
  const token = bearerToken(
    c.req.header('authorization'),
    c.req.header('upgrade'),
    c.req.header('sec-websocket-protocol'),
  );
  const secret = deps.config.tokenSecret;
  if (!token || !secret) {
    return { ok: false, response: errorResponse(c, 'UNAUTHENTICATED', 'a valid access token is required') };
  }
  const verdict = await c
    .get('timing')
    .measure('jwt', () => verifyAccessToken(secret, token, deps.clock.nowMs()));
  if (!verdict.ok) {
    const response =
      verdict.reason === 'expired'
        ? errorResponse(c, 'TOKEN_EXPIRED', 'the access token has expired; refresh it')
        : errorResponse(c, 'UNAUTHENTICATED', 'a valid access token is required');
    return { ok: false, response };
  }
  const { sub, did } = verdict.claims;
  return { ok: true, auth: { userId: sub, deviceId: did, tokenExpiresAtMs: verdict.expiresAtMs } };
}

/** The revocation read: the device row of the token's device, only under the token's account. */
export function deviceStatement(auth: AuthContext): Statement {
  return sql('SELECT revoked_at FROM devices WHERE id = ? AND user_id = ?', auth.deviceId, auth.userId);
}

/** 401 DEVICE_REVOKED for a revoked, gone or foreign device; null when the device may go on. */
export function deviceRefusal(c: Context<AppEnv>, device: DeviceRow | null | undefined): Response | null {
  if (device && device.revoked_at === null) return null;
  return errorResponse(c, 'DEVICE_REVOKED', 'this device has been revoked; sign in again');
}
