import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ClientIdentity } from '../../../src/sync/protocol/client-header';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { decideWrite, type PolicyRow, readPolicy } from '../policy/write-policy';

/**
 * Per-platform write gate (spec 3.1) on every write route. A request without a (valid) client
 * header is a legacy desktop with full access. Reads never pass through this middleware.
 */
export const writeGate = createMiddleware<AppEnv>(async (c, next) => {
  const client = c.get('client');
  if (client) {
    const refused = writeRefusal(c, client, await readPolicy(c.get('deps'), client.platform));
    if (refused) return refused;
  }
  await next();
});

/**
 * The gate's answer for `client` under its platform's policy row: the 403/426 response, or null
 * when the write may go on. For a route that read the row itself (`POST /sync/push` reads it in
 * the batch that counts its rate bucket).
 */
export function writeRefusal(
  c: Context<AppEnv>,
  client: ClientIdentity,
  row: PolicyRow | null,
): Response | null {
  const verdict = decideWrite(client, row);
  if (verdict.allowed) return null;
  return verdict.code === 'PLATFORM_WRITES_DISABLED'
    ? errorResponse(c, 'PLATFORM_WRITES_DISABLED', `writes from ${client.platform} are disabled`)
    : errorResponse(c, 'CLIENT_UPGRADE_REQUIRED', `this client must be upgraded to write`, {
        minVersion: verdict.minVersion,
      });
}
