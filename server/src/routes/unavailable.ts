import { Hono } from 'hono';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';

/**
 * Optional accelerators this deployment does not offer (spec 1.6, 9.8). With no bootstrap
 * signing secret the three bootstrap routes answer 501 BOOTSTRAP_UNAVAILABLE (spec 5.7) and no
 * bucket is elevated; without presigning, attachment presign answers 501
 * STORAGE_PRESIGN_UNAVAILABLE. `/sync/packs` is simply absent (404), which clients treat as an
 * older server. All of these run after authentication and the plan gate.
 */
export function unavailableRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  for (const path of ['/bootstrap', '/bootstrap/renew', '/bootstrap/close']) {
    r.post(path, (c) => errorResponse(c, 'BOOTSTRAP_UNAVAILABLE', 'bootstrap sessions are not configured'));
  }
  r.post('/attachments/presign-batch', (c) =>
    errorResponse(c, 'STORAGE_PRESIGN_UNAVAILABLE', 'this deployment cannot presign object URLs'),
  );
  return r;
}
