import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config';
import type { Deps } from '../../server/src/deps';
import { Timing } from '../../server/src/http/timing';
import type { AppEnv } from '../../server/src/http/types';
import { objectUrlsFor } from '../../server/src/objects/factory';
import { attachmentRoutes } from '../../server/src/routes/attachments';

/** The routes alone over injected ports (no workerd): a deployment with no way to presign. */
describe('presign-batch on a deployment that cannot presign', () => {
  it('has no signer without R2 credentials or OBJECT_URL_SECRET, and answers 501 STORAGE_PRESIGN_UNAVAILABLE', async () => {
    const config = readConfig({ ENVIRONMENT: 'production' });
    expect(objectUrlsFor(config, 'https://sync.example', { nowMs: () => 0 })).toBeNull();
    // the worker route needs its origin too (the cron has none)
    const withSecret = readConfig({ ENVIRONMENT: 'production', OBJECT_URL_SECRET: 's'.repeat(32) });
    expect(objectUrlsFor(withSecret, null, { nowMs: () => 0 })).toBeNull();
    expect(objectUrlsFor(withSecret, 'https://sync.example', { nowMs: () => 0 })?.kind).toBe('worker');
    const r2 = readConfig({
      ENVIRONMENT: 'production',
      OBJECT_URL_SECRET: 's'.repeat(32),
      R2_ACCOUNT_ID: 'a',
      R2_BUCKET_NAME: 'b',
      R2_ACCESS_KEY_ID: 'k',
      R2_SECRET_ACCESS_KEY: 's',
    });
    expect(objectUrlsFor(r2, null, { nowMs: () => 0 })?.kind).toBe('r2');

    const hits: string[] = [];
    const deps = {
      config,
      objectUrls: null,
      clock: { nowMs: () => 0 },
      log: () => {},
      limiter: {
        hit: async (h: { bucket: string }) => {
          hits.push(h.bucket);
          return { allowed: true, retryAfterSeconds: 0 };
        },
      },
      sql: { batch: async () => [] },
    } as unknown as Deps;
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', deps);
      c.set('timing', new Timing());
      c.set('auth', { userId: 'u1', deviceId: 'd1', tokenExpiresAtMs: 1e13 });
      c.set('vaultId', 'v1');
      await next();
    });
    app.route('/', attachmentRoutes());
    const res = await app.request('/attachments/presign-batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hashes: ['a'.repeat(64)] }),
    });
    expect(res.status).toBe(501);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'STORAGE_PRESIGN_UNAVAILABLE',
    );
    expect(hits).toEqual(['blob_download']);
  });
});
