import { createMiddleware } from 'hono/factory';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { decideWrite, readPolicy } from '../policy/write-policy';

/**
 * Per-platform write gate (spec 3.1) on every write route. A request without a (valid) client
 * header is a legacy desktop with full access. Reads never pass through this middleware.
 */
export const writeGate = createMiddleware<AppEnv>(async (c, next) => {
  const client = c.get('client');
  if (client) {
    const verdict = decideWrite(client, await readPolicy(c.get('deps'), client.platform));
    if (!verdict.allowed) {
      return verdict.code === 'PLATFORM_WRITES_DISABLED'
        ? errorResponse(c, 'PLATFORM_WRITES_DISABLED', `writes from ${client.platform} are disabled`)
        : errorResponse(c, 'CLIENT_UPGRADE_REQUIRED', `this client must be upgraded to write`, {
            minVersion: verdict.minVersion,
          });
    }
  }
  await next();
});
