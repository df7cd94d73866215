import { describe, expect, it } from 'vitest';
import type { DevRateWindowResponse } from '../../src/sync/protocol/dev-tools';
import type { ManifestResponse } from '../../src/sync/protocol/manifest';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, errorCode, signInDevice, type TestDevice } from './helpers';
import { signedItem } from './items';

// Issue 16 part 5: `POST /sync/push` counts its rate bucket, reads the write gate's policy row
// and reads what its items are judged against in ONE D1 batch (server/src/routes/records.ts).
// The answers keep the middleware order: 429, then 426/403, then a bad body's 400.

const push = (d: TestDevice, body: unknown, client?: string) =>
  api<PushResponse>('/sync/push', {
    token: d.accessToken,
    body,
    headers: client ? { 'x-svc-client': client } : {},
  });
const setCount = (d: TestDevice, count: number) =>
  api<DevRateWindowResponse>('/dev/rate-windows/sync_push', {
    method: 'PUT',
    token: d.accessToken,
    body: { count },
  });
const setPolicy = (d: TestDevice, body: { minWriteVersion: string | null; writesEnabled: boolean }) =>
  api('/dev/client-policies/desktop', { method: 'PUT', token: d.accessToken, body });
const stored = async (d: TestDevice) =>
  (await api<ManifestResponse>('/sync/manifest', { token: d.accessToken })).body.items.map((i) => i.id);

describe('push: rate bucket, write gate and body in one round trip (real workerd)', () => {
  it('every push is counted, a bad body too; at the ceiling 429 comes first and nothing is stored', async () => {
    const d = await signInDevice();
    const item = await signedItem(d, 'default', { id: 'n', clock: { [d.deviceId]: 1 } });
    const window = await setCount(d, 298);
    const bad = await push(d, { items: [] });
    const last = await push(d, { items: [item] });
    const over = await push(d, { items: [item] });
    const overBad = await push(d, 'not an envelope');
    // a minute boundary crossed in between resets the window (rare): nothing to check then
    if (Date.now() >= window.body.windowEndsAt) return;
    expect(errorCode(bad)).toBe('VALIDATION_ERROR');
    expect(last.body.accepted.map((a) => a.id)).toEqual(['n']);
    for (const refused of [over, overBad]) {
      expect(refused.status).toBe(429);
      expect(errorCode(refused)).toBe('RATE_LIMITED');
      expect((refused.body as unknown as { error: { bucket: string } }).error.bucket).toBe('sync_push');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(await stored(d)).toEqual(['n']);
  });

  it('the write gate answers before the body and after the bucket, and a gated push stores nothing', async () => {
    const d = await signInDevice();
    const item = await signedItem(d, 'default', { id: 'g', clock: { [d.deviceId]: 1 } });
    try {
      await setPolicy(d, { minWriteVersion: '5.0.0', writesEnabled: true });
      const below = await push(d, { items: [item] }, 'desktop/4.9.9');
      expect(below.status).toBe(426);
      expect(below.body).toEqual({
        error: { code: 'CLIENT_UPGRADE_REQUIRED', message: expect.any(String), minVersion: '5.0.0' },
      });
      expect((await push(d, { items: [] }, 'desktop/4.9.9')).status).toBe(426);
      await setPolicy(d, { minWriteVersion: null, writesEnabled: false });
      const off = await push(d, { items: [item] }, 'desktop/9.0.0');
      expect(off.status).toBe(403);
      expect(errorCode(off)).toBe('PLATFORM_WRITES_DISABLED');
      expect(await stored(d)).toEqual([]);
      // other platforms and a header-less client are not gated
      expect((await push(d, { items: [item] }, 'web/0.1.0')).body.accepted).toHaveLength(1);
      const window = await setCount(d, 300);
      const gatedOver = await push(d, { items: [item] }, 'desktop/9.0.0');
      if (Date.now() < window.body.windowEndsAt) expect(gatedOver.status).toBe(429);
    } finally {
      await setPolicy(d, { minWriteVersion: null, writesEnabled: true });
    }
  });
});
