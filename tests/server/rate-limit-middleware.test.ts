import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config';
import type { Deps } from '../../server/src/deps';
import type { AppEnv } from '../../server/src/http/types';
import { rateLimit } from '../../server/src/middleware/rate-limit';
import type { RateLimiter } from '../../server/src/ports/limiter';

/** The middleware alone, over an injected limiter (no workerd needed). */
function appWith(limiter: RateLimiter, logs: string[] = []) {
  const deps = {
    limiter,
    clock: { nowMs: () => 90_000 },
    config: readConfig({ ENVIRONMENT: 'production' }),
    log: (event: string) => logs.push(event),
  } as unknown as Deps;
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('auth', { userId: 'u1', deviceId: 'd1', tokenExpiresAtMs: 1e13 });
    await next();
  });
  app.get('/x', rateLimit({ bucket: 'b', limit: 2, windowSeconds: 60, key: 'device' }), (c) => c.text('ok'));
  return app;
}

describe('rate-limit middleware', () => {
  it('fails closed with 500 when the limiter throws', async () => {
    const logs: string[] = [];
    const res = await appWith({ hit: () => Promise.reject(new Error('storage down')) }, logs).request('/x');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'rate limiter unavailable' },
    });
    expect(logs).toEqual(['rate_limiter_failed']);
  });

  it('keys the bucket by device and passes the window to the limiter', async () => {
    const seen: unknown[] = [];
    const res = await appWith({
      hit: async (input) => {
        seen.push(input);
        return { allowed: true, retryAfterSeconds: 0 };
      },
    }).request('/x');
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ bucket: 'b', key: 'd:d1', limit: 2, windowSeconds: 60, nowMs: 90_000 }]);
  });

  it('refuses with 429, RATE_LIMITED and Retry-After from the limiter', async () => {
    const res = await appWith({ hit: async () => ({ allowed: false, retryAfterSeconds: 30 }) }).request('/x');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });
});
