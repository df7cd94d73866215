import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { BUCKETS } from '../middleware/buckets';
import { rateLimit } from '../middleware/rate-limit';
import { serverTiming } from '../middleware/server-timing';
import { syncAccess } from '../middleware/sync-access';
import { vaultScope } from '../middleware/vault-scope';
import { attachmentRoutes } from './attachments';
import { bootstrapRoutes } from './bootstrap';
import { crdtRoutes } from './crdt';
import { packRoutes } from './packs';
import { recordRoutes } from './records';
import { socketRoutes } from './socket';
import { statusRoute } from './status';
import { vaultRoutes } from './vaults';

/**
 * Every `/sync/*` route: authenticated first, then the paid-plan gate, before any sync logic.
 * Data routes then resolve their vault and negotiate types; write routes pass the write gate.
 */
export function syncRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // first, so `total` and the stages cover authentication and the plan gate too
  r.use('*', serverTiming);
  // authentication, then the paid-plan gate, read in one batch
  r.use('*', syncAccess);
  r.use('/status', rateLimit(BUCKETS.sync_status));
  r.use('/vaults', rateLimit(BUCKETS.sync_vaults));
  r.use('/vaults/*', rateLimit(BUCKETS.sync_vaults));
  for (const path of [
    '/push',
    '/pull',
    '/changes',
    '/manifest',
    '/crdt/*',
    '/bootstrap',
    '/bootstrap/*',
    '/attachments/*',
    '/packs',
  ]) {
    r.use(path, vaultScope);
  }
  r.route('/', statusRoute());
  r.route('/', vaultRoutes());
  r.route('/', recordRoutes());
  r.route('/', crdtRoutes());
  r.route('/', bootstrapRoutes());
  r.route('/', socketRoutes());
  r.route('/', attachmentRoutes());
  r.route('/', packRoutes());
  return r;
}
