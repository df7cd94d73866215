import { createMiddleware } from 'hono/factory';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { readEntitlement } from '../plans/entitlement';

/**
 * The paid-plan gate (spec 1.4, 5.2): runs right after authentication on every `/sync/*` route,
 * before any record, CRDT, socket or blob logic. No active plan: 402 SYNC_PAYMENT_REQUIRED.
 */
export const planGate = createMiddleware<AppEnv>(async (c, next) => {
  const ent = await readEntitlement(c.get('deps'), c.get('auth').userId);
  if (!ent?.syncAllowed) {
    return errorResponse(c, 'SYNC_PAYMENT_REQUIRED', 'sync needs an active paid plan', {
      status: ent?.status ?? 'none',
    });
  }
  c.set('entitlement', ent);
  await next();
});
