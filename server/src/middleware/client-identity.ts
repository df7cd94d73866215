import { createMiddleware } from 'hono/factory';
import { parseClientHeader } from '../../../src/sync/protocol/client-header';
import type { AppEnv } from '../http/types';

/**
 * Parses `x-svc-client` (spec 9.1). A malformed value, including any pre-release version, is
 * treated as absent and logged (the value is truncated; it is client-controlled text).
 */
export const clientIdentity = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.header('x-svc-client') ?? null;
  const client = parseClientHeader(raw);
  if (raw !== null && client === null) {
    c.get('deps').log('client_header_malformed', { value: raw.slice(0, 64) });
  }
  c.set('client', client);
  await next();
});
