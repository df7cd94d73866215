import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { authenticate } from '../middleware/authenticate';
import { planGate } from '../middleware/plan-gate';
import { statusRoute } from './status';

/**
 * Every `/sync/*` route: authenticated first, then (in order) the paid-plan gate, vault
 * resolution, type negotiation and the per-route gates, before any sync logic runs.
 */
export function syncRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', authenticate);
  r.use('*', planGate);
  r.route('/', statusRoute());
  return r;
}
