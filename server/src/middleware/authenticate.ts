import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../domain/access-token';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { sql } from '../ports/sql';

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
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  const token = bearerToken(
    c.req.header('authorization'),
    c.req.header('upgrade'),
    c.req.header('sec-websocket-protocol'),
  );
  if (!token || !deps.config.tokenSecret)
    return errorResponse(c, 'UNAUTHENTICATED', 'a valid access token is required');
  const verdict = await verifyAccessToken(deps.config.tokenSecret, token, deps.clock.nowMs());
  if (!verdict.ok) {
    return verdict.reason === 'expired'
      ? errorResponse(c, 'TOKEN_EXPIRED', 'the access token has expired; refresh it')
      : errorResponse(c, 'UNAUTHENTICATED', 'a valid access token is required');
  }
  const device = await deps.sql.first<{ revoked_at: number | null }>(
    sql(
      'SELECT revoked_at FROM devices WHERE id = ? AND user_id = ?',
      verdict.claims.did,
      verdict.claims.sub,
    ),
  );
  if (!device || device.revoked_at !== null) {
    return errorResponse(c, 'DEVICE_REVOKED', 'this device has been revoked; sign in again');
  }
  c.set('auth', {
    userId: verdict.claims.sub,
    deviceId: verdict.claims.did,
    tokenExpiresAtMs: verdict.expiresAtMs,
  });
  await next();
});
