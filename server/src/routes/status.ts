import { Hono } from 'hono';
import type { StatusResponse } from '../../../src/sync/protocol/client-policy';
import type { AppEnv } from '../http/types';
import { policyEcho, readPolicy } from '../policy/write-policy';

/**
 * `GET /sync/status`: the side-effect-free probe (spec 5.1, 9.2). Writes nothing. `clientPolicy`
 * only for identified requests; the body holds no clock reading, so header-less requests from one
 * device get byte-identical responses.
 */
export function statusRoute(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/status', async (c) => {
    const { userId, deviceId } = c.get('auth');
    const client = c.get('client');
    const body: StatusResponse = { ok: true, userId, deviceId };
    if (client) body.clientPolicy = policyEcho(client, await readPolicy(c.get('deps'), client.platform));
    return c.json(body);
  });
}
