import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/types';

/** In development, exposes the per-stage time split (sig, d1, r2) as a Server-Timing header. */
export const serverTiming = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  if (!c.get('deps').config.serverTiming) return;
  const stages = c.get('timing').header();
  c.res.headers.set(
    'Server-Timing',
    [stages, `total;dur=${(performance.now() - started).toFixed(2)}`].filter(Boolean).join(', '),
  );
});
