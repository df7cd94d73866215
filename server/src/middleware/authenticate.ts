import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../domain/access-token';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { sql } from '../ports/sql';

/**
 * Bearer access-token authentication (spec 5.1). Refuses with 401 and a code:
 * UNAUTHENTICATED (no or bad token), TOKEN_EXPIRED, DEVICE_REVOKED (the device is revoked, gone or
 * not the account's). Writes nothing, so `GET /sync/status` stays a side-effect-free probe.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  const header = c.req.header('authorization') ?? '';
  const m = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(header);
  if (!m || !deps.config.tokenSecret)
    return errorResponse(c, 'UNAUTHENTICATED', 'a valid access token is required');
  const verdict = await verifyAccessToken(deps.config.tokenSecret, m[1] as string, deps.clock.nowMs());
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
  c.set('auth', { userId: verdict.claims.sub, deviceId: verdict.claims.did });
  await next();
});
