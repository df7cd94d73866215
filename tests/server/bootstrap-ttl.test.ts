import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { renewSession } from '../../server/src/bootstrap/sessions';
import { readBootstrapToken, signBootstrapToken } from '../../server/src/bootstrap/token';
import { readConfig } from '../../server/src/config';
import type { Deps } from '../../server/src/deps';
import { Timing } from '../../server/src/http/timing';
import type { AppEnv } from '../../server/src/http/types';
import { BUCKETS } from '../../server/src/middleware/buckets';
import { rateLimit } from '../../server/src/middleware/rate-limit';
import type { Statement } from '../../server/src/ports/sql';
import { bootstrapRoutes } from '../../server/src/routes/bootstrap';

const SECRET = 'a-bootstrap-secret-of-at-least-32-characters';
const who = { userId: 'u1', deviceId: 'd1', vaultId: 'v1' };
const T0 = 1_800_000_000_000;

/** The pieces alone over injected ports (no workerd): the clock is ours to move. */
function depsAt(nowMs: () => number, secret: string | null, rows: Map<string, { created_at: number }>) {
  const ran: Statement[] = [];
  const limits: number[] = [];
  const deps = {
    clock: { nowMs },
    config: { ...readConfig({ ENVIRONMENT: 'production' }), bootstrapSecret: secret },
    log: () => {},
    limiter: {
      hit: async (h: { limit: number }) => {
        limits.push(h.limit);
        return { allowed: true, retryAfterSeconds: 0 };
      },
    },
    sql: {
      first: async (s: Statement) => rows.get(String(s.params[0])) ?? null,
      run: async (s: Statement) => {
        ran.push(s);
        if (s.sql.startsWith('DELETE')) rows.delete(String(s.params[0]));
        return { changes: 1 };
      },
    },
  } as unknown as Deps;
  return { deps, ran, limits };
}

function appWith(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('timing', new Timing());
    c.set('auth', { userId: who.userId, deviceId: who.deviceId, tokenExpiresAtMs: 1e13 });
    c.set('vaultId', who.vaultId);
    await next();
  });
  app.route('/', bootstrapRoutes());
  app.get('/pull', rateLimit(BUCKETS.crdt_pull), (c) => c.text('ok'));
  return app;
}

const token = (iatMs: number, ttlSeconds = 3600) =>
  signBootstrapToken(SECRET, {
    v: 1,
    ...who,
    jti: 'j1',
    iat: Math.floor(iatMs / 1000),
    exp: Math.floor(iatMs / 1000) + ttlSeconds,
  });

describe('bootstrap sessions without workerd', () => {
  it('answer 501 BOOTSTRAP_UNAVAILABLE on every route when no secret is configured', async () => {
    const { deps, limits } = depsAt(() => T0, null, new Map());
    const app = appWith(deps);
    for (const path of ['/bootstrap', '/bootstrap/renew', '/bootstrap/close']) {
      const res = await app.request(path, {
        method: 'POST',
        body: JSON.stringify({ token: 'x' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(501);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BOOTSTRAP_UNAVAILABLE');
    }
    // and no header elevates anything
    await app.request('/pull', { headers: { 'x-svc-bootstrap-token': await token(T0) } });
    expect(limits.at(-1)).toBe(600);
  });

  it('a token elevates until its TTL passes, then fails verification as expired', async () => {
    let now = T0;
    const { deps, limits } = depsAt(() => now, SECRET, new Map());
    const app = appWith(deps);
    const t = await token(T0);
    await app.request('/pull', { headers: { 'x-svc-bootstrap-token': t } });
    expect(limits.at(-1)).toBe(3000);
    now = T0 + 3600 * 1000;
    await app.request('/pull', { headers: { 'x-svc-bootstrap-token': t } });
    expect(limits.at(-1)).toBe(600);
    expect(await readBootstrapToken(SECRET, t, now)).toMatchObject({ ok: true, expired: true });
    expect((await readBootstrapToken(`${SECRET}-other`, t, T0)).ok).toBe(false);
  });

  it('renewing an expired token answers BOOTSTRAP_SESSION_EXPIRED and drops the ledger row', async () => {
    const rows = new Map([['j1', { created_at: T0 }]]);
    const { deps, ran } = depsAt(() => T0 + 3601 * 1000, SECRET, rows);
    const res = await renewSession(deps, SECRET, who, await token(T0));
    expect(res).toMatchObject({ ok: false, error: { code: 'BOOTSTRAP_SESSION_EXPIRED' } });
    expect(rows.has('j1')).toBe(false);
    expect(ran.some((s) => s.sql.startsWith('DELETE FROM bootstrap_sessions'))).toBe(true);
  });

  it('a renewal never reaches past 6 hours from opening', async () => {
    const rows = new Map([['j1', { created_at: T0 }]]);
    const now = T0 + (6 * 3600 - 600) * 1000; // 10 minutes before the ceiling
    const { deps } = depsAt(() => now, SECRET, rows);
    const res = await renewSession(deps, SECRET, who, await token(now - 60_000));
    expect(res.ok && res.value.expiresAt).toBe(T0 + 6 * 3600 * 1000);
  });
});
