import { Hono } from 'hono';
import { negotiateSyncTypes } from '../../../src/sync/protocol/item-types';
import { SOCKET_PROTOCOL } from '../../../src/sync/protocol/socket';
import { errorResponse } from '../http/errors';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { BUCKETS } from '../middleware/buckets';
import { rateLimit } from '../middleware/rate-limit';
import { pickVault, resolveVault } from '../vaults/resolve-vault';

/**
 * `GET /sync/socket`: the WebSocket of spec 6 (docs/protocol.md "Sockets"). Authenticated and
 * plan-gated like every `/sync/*` route; the vault resolves exactly as for data routes, from the
 * header or (browsers) the `vault` query parameter.
 */
export function socketRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/socket', rateLimit(BUCKETS.sync_socket), async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      return errorResponse(c, 'VALIDATION_ERROR', 'expected a WebSocket upgrade');
    }
    const { userId, deviceId, tokenExpiresAtMs } = c.get('auth');
    const header = c.req.header('x-svc-vault-id') ?? c.req.query('vault') ?? null;
    const limit = c.get('entitlement').limits.vaultLimit;
    const rows = c.get('vaultRows');
    const vault = rows
      ? pickVault(rows, header, limit)
      : await resolveVault(c.get('deps'), userId, header, limit);
    if (!vault.ok) return send(c, vault);
    const types = negotiateSyncTypes(c.req.header('x-svc-sync-types') ?? c.req.query('types') ?? null).types;
    const items = (c.req.header('x-svc-socket-items') ?? c.req.query('items')) === '1';
    const offered = (c.req.header('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim());
    return c
      .get('deps')
      .hub.connect(
        userId,
        vault.value,
        { deviceId, items, types, tokenExpiresAtMs },
        offered.includes(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : null,
      );
  });
}
