import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  type BootstrapOpenResponse,
  type BootstrapRenewResponse,
  BootstrapTokenRequest,
} from '../../../src/sync/protocol/bootstrap';
import { MAX_MANIFEST_PAGE_LIMIT } from '../../../src/sync/protocol/limits';
import { type BootstrapIdentity, closeSession, openSession, renewSession } from '../bootstrap/sessions';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { BUCKETS } from '../middleware/buckets';
import { rateLimit } from '../middleware/rate-limit';
import { writeGate } from '../middleware/write-gate';
import { sql } from '../ports/sql';
import { manifest } from '../records/manifest';

const identity = (c: Context<AppEnv>): BootstrapIdentity => ({
  userId: c.get('auth').userId,
  deviceId: c.get('auth').deviceId,
  vaultId: c.get('vaultId'),
});

const unavailable = (c: Context<AppEnv>) =>
  errorResponse(c, 'BOOTSTRAP_UNAVAILABLE', 'bootstrap sessions are not configured');

/**
 * `POST /sync/bootstrap`, `/renew`, `/close` (spec 2.10, 3.4), after authentication, the plan gate
 * and vault resolution (with type negotiation); the `bootstrap_session` bucket (30/min per device),
 * then the client-policy gate of spec 3.1/5.2: a session only serves a device that is about to
 * write what it pulls, so a platform whose writes are off or a client under the floor gets the
 * write gate's 403/426 on all three routes. With no signing secret configured every one answers
 * 501 BOOTSTRAP_UNAVAILABLE and no bucket is ever elevated.
 */
export function bootstrapRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('/bootstrap', rateLimit(BUCKETS.bootstrap_session));
  r.use('/bootstrap/*', rateLimit(BUCKETS.bootstrap_session));
  r.use('/bootstrap', writeGate);
  r.use('/bootstrap/*', writeGate);

  r.post('/bootstrap', async (c) => {
    const deps = c.get('deps');
    const secret = deps.config.bootstrapSecret;
    if (!secret) return unavailable(c);
    const who = identity(c);
    // the tail first: the manifest read after it lists at least everything up to it
    const tail = await deps.sql.first<{ value: number }>(
      sql('SELECT value FROM account_cursors WHERE user_id = ?', who.userId),
    );
    const opened = await openSession(deps, secret, who);
    if (!opened.ok) return send(c, opened);
    const page = await manifest(
      deps,
      { userId: who.userId, vaultId: who.vaultId, types: c.get('syncTypes') },
      { limit: MAX_MANIFEST_PAGE_LIMIT, cursor: 0 },
    );
    return c.json({
      ...opened.value,
      manifest: page,
      tailCursor: tail?.value ?? 0,
    } satisfies BootstrapOpenResponse);
  });

  r.post('/bootstrap/renew', async (c) => {
    const secret = c.get('deps').config.bootstrapSecret;
    if (!secret) return unavailable(c);
    const body = await parseBody(c, BootstrapTokenRequest);
    if (!body.ok) return body.response;
    const renewed = await renewSession(c.get('deps'), secret, identity(c), body.value.token);
    if (!renewed.ok) return send(c, renewed);
    return c.json(renewed.value satisfies BootstrapRenewResponse);
  });

  r.post('/bootstrap/close', async (c) => {
    const secret = c.get('deps').config.bootstrapSecret;
    if (!secret) return unavailable(c);
    const body = await parseBody(c, BootstrapTokenRequest);
    if (!body.ok) return body.response;
    return send(c, await closeSession(c.get('deps'), secret, identity(c), body.value.token));
  });
  return r;
}
