import { Hono } from 'hono';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';

/**
 * Optional accelerators this deployment does not offer (spec 1.6, 9.8). (Bootstrap sessions are
 * routes/bootstrap.ts: 501 BOOTSTRAP_UNAVAILABLE there when no secret is set.) Without presigning,
 * attachment presign answers 501
 * STORAGE_PRESIGN_UNAVAILABLE. `/sync/packs` is simply absent (404), which clients treat as an
 * older server. All of these run after authentication and the plan gate.
 */
export function unavailableRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/attachments/presign-batch', (c) =>
    errorResponse(c, 'STORAGE_PRESIGN_UNAVAILABLE', 'this deployment cannot presign object URLs'),
  );
  return r;
}
