import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config';
import type { Deps } from '../../server/src/deps';
import { Timing } from '../../server/src/http/timing';
import type { AppEnv } from '../../server/src/http/types';
import { limitedRead, rateLimit } from '../../server/src/middleware/rate-limit';
import type { RateLimiter } from '../../server/src/ports/limiter';
import { type Statement, sql } from '../../server/src/ports/sql';

/** The middleware alone, over an injected limiter (no workerd needed). */
function appWith(limiter: RateLimiter, logs: string[] = [], batches: Statement[][] = []) {
  const deps = {
    limiter,
    clock: { nowMs: () => 90_000 },
    config: readConfig({ ENVIRONMENT: 'production' }),
    log: (event: string) => logs.push(event),
    sql: {
      batch: async (stmts: readonly Statement[]) => {
        batches.push([...stmts]);
        return stmts.map((s) => [{ read: s.sql }]);
      },
    },
  } as unknown as Deps;
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('timing', new Timing());
    c.set('auth', { userId: 'u1', deviceId: 'd1', tokenExpiresAtMs: 1e13 });
    await next();
  });
  const rule = { bucket: 'b', limit: 2, windowSeconds: 60, key: 'device' } as const;
  app.get('/x', rateLimit(rule), (c) => c.text('ok'));
  // a read route: counted like /x, its read in the limiter's round trip when the limiter can
  app.get('/read', async (c) => {
    const counted = await limitedRead(c, rule, [sql('SELECT 1 AS one')]);
    if (!counted.ok) return counted.response;
    return c.json(counted.rows);
  });
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

  describe('a read route counted with its read (limitedRead)', () => {
    const allow = { allowed: true, retryAfterSeconds: 0 };
    it('sends the read in the limiter round trip and answers its rows; the hit is the same as the middleware one', async () => {
      const calls: unknown[] = [];
      const batches: Statement[][] = [];
      const res = await appWith(
        {
          hit: async () => {
            throw new Error('hitAndRead is used when the limiter has it');
          },
          hitAndRead: async (input, reads) => {
            calls.push({ input, reads: reads.map((r) => r.sql) });
            return { verdict: allow, rows: [[{ one: 1 }]] };
          },
        },
        [],
        batches,
      ).request('/read');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([[{ one: 1 }]]);
      expect(calls).toEqual([
        {
          input: { bucket: 'b', key: 'd:d1', limit: 2, windowSeconds: 60, nowMs: 90_000 },
          reads: ['SELECT 1 AS one'],
        },
      ]);
      expect(batches).toEqual([]);
    });

    it('over the ceiling: the same 429 and Retry-After, the rows dropped', async () => {
      const res = await appWith({
        hit: async () => allow,
        hitAndRead: async () => ({
          verdict: { allowed: false, retryAfterSeconds: 12 },
          rows: [[{ one: 1 }]],
        }),
      }).request('/read');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('12');
      expect(JSON.stringify(await res.json())).not.toContain('one');
    });

    it('a failing batch fails closed with 500, as a failing limiter does', async () => {
      const logs: string[] = [];
      const res = await appWith(
        { hit: async () => allow, hitAndRead: () => Promise.reject(new Error('storage down')) },
        logs,
      ).request('/read');
      expect(res.status).toBe(500);
      expect(logs).toEqual(['rate_limiter_failed']);
    });

    it('a limiter without hitAndRead: the hit first, the read only once allowed', async () => {
      const batches: Statement[][] = [];
      const ok = await appWith({ hit: async () => allow }, [], batches).request('/read');
      expect(await ok.json()).toEqual([[{ read: 'SELECT 1 AS one' }]]);
      expect(batches).toHaveLength(1);
      const refused = await appWith(
        { hit: async () => ({ allowed: false, retryAfterSeconds: 5 }) },
        [],
        batches,
      ).request('/read');
      expect(refused.status).toBe(429);
      expect(batches).toHaveLength(1);
    });
  });
});
