import { describe, expect, it } from 'vitest';
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
});
