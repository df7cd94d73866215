import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

/**
 * `GET /sync/status`: the side-effect-free probe (spec 5.1, 9.2). Writes nothing. The body holds
 * no clock reading, so header-less requests from one device get byte-identical responses.
 */
export function statusRoute(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/status', (c) => {
    const auth = c.get('auth');
    return c.json({ ok: true, userId: auth.userId, deviceId: auth.deviceId });
  });
}
