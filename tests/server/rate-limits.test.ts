import { describe, expect, it } from 'vitest';
import type { DevRateWindowResponse } from '../../src/sync/protocol/dev-tools';
import { api, errorCode, signInDevice } from './helpers';

describe('fixed-window rate limits (real workerd)', () => {
  it('sync_manifest: 30 per minute per device, then 429 with the exact Retry-After', async () => {
    const d = await signInDevice();
    const other = await signInDevice(d.email, 'second device');
    const sent = Date.now();
    const windowEnd = (Math.floor(sent / 60_000) + 1) * 60_000;
    const results = await Promise.all(
      Array.from({ length: 31 }, () => api('/sync/manifest', { token: d.accessToken })),
    );
    const statuses = results.map((r) => r.status);
    // a minute boundary crossed mid-burst resets the window: then nothing is refused (rare)
    if (Date.now() >= windowEnd) return;
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const refused = results.find((r) => r.status === 429);
    expect(refused).toBeDefined();
    if (!refused) return;
    expect(errorCode(refused)).toBe('RATE_LIMITED');
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    // The server counted from when the refused request reached it, which is after `sent`
    // (a slow machine can take seconds over the burst).
    expect(retry).toBeLessThanOrEqual(Math.ceil((windowEnd - sent) / 1000));
    expect((refused.body as { error: { bucket: string } }).error.bucket).toBe('sync_manifest');
    // the bucket is per device: another device of the same account is unaffected
    expect((await api('/sync/manifest', { token: other.accessToken })).status).toBe(200);
  });

  // the snapshot GET counts in the same D1 batch as its read (docs/protocol.md): still exact
  it('crdt_pull: the snapshot GET counts every request, a refused id too, then 429 at the ceiling', async () => {
    const d = await signInDevice();
    const res = await api<DevRateWindowResponse>('/dev/rate-windows/crdt_pull', {
      method: 'PUT',
      token: d.accessToken,
      body: { count: 598 },
    });
    expect(res.status).toBe(200);
    const get = (id: string) => api(`/sync/crdt/snapshot/${id}`, { token: d.accessToken });
    const bad = await get('x'.repeat(513));
    const last = await get('n1');
    const over = await get('n1');
    // a minute boundary crossed in between resets the window (rare): nothing to check then
    if (Date.now() >= res.body.windowEndsAt) return;
    expect(errorCode(bad)).toBe('VALIDATION_ERROR');
    expect(last.status).toBe(200);
    expect(last.body).toEqual({
      snapshot: null,
      sequenceNum: 0,
      signerDeviceId: null,
      revision: null,
      signature: null,
    });
    expect(over.status).toBe(429);
    expect(errorCode(over)).toBe('RATE_LIMITED');
    expect((over.body as { error: { bucket: string } }).error.bucket).toBe('crdt_pull');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
