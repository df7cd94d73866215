import { describe, expect, it } from 'vitest';
import type { CrdtUpdatePushResponse } from '../../src/sync/protocol/crdt';
import type { BillingReport } from '../../src/sync/protocol/plans';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, errorCode, signInDevice, type TestDevice } from './helpers';
import { envelopeText, signedItem, signedSnapshot } from './items';

const usage = async (d: TestDevice) =>
  (await api<BillingReport>('/auth/billing', { token: d.accessToken })).body.usage.storageBytes;
const limitTo = (d: TestDevice, storageLimitBytes: number) =>
  api('/dev/entitlement', {
    token: d.accessToken,
    body: { plan: 'pro', status: 'active', storageLimitBytes },
  });
const b64 = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');

/**
 * Writes sent at once, each fitting the quota alone and not together: the quota is enforced
 * inside the commit (migrations/0005_quota_guard.sql), so usage never ends up over it, and
 * every write that was not stored is refused with STORAGE_QUOTA_EXCEEDED.
 */
describe('storage quota under concurrent writes (real workerd)', () => {
  it('record pushes racing for the last room: usage never passes the quota', async () => {
    const d = await signInDevice();
    const items = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        signedItem(d, 'default', {
          id: `race-${i}`,
          clock: { [d.deviceId]: 1 },
          payload: envelopeText(2000),
        }),
      ),
    );
    const size = items[0]?.sizeBytes ?? 0;
    await limitTo(d, Math.floor(size * 2.5));
    const replies = await Promise.all(
      items.map((item) => api<PushResponse>('/sync/push', { token: d.accessToken, body: { items: [item] } })),
    );
    const accepted = replies.filter((r) => r.body.accepted.length === 1).length;
    const refused = replies.flatMap((r) => r.body.rejected.map((x) => x.code));
    expect(accepted).toBe(2);
    expect(refused).toEqual(Array(4).fill('STORAGE_QUOTA_EXCEEDED'));
    expect(await usage(d)).toBe(2 * size);
  });

  it('CRDT updates and snapshots racing: usage never passes the quota', async () => {
    const d = await signInDevice();
    await limitTo(d, 2500);
    const updates = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api<CrdtUpdatePushResponse>('/sync/crdt/updates', {
          token: d.accessToken,
          body: { noteId: `u${i}`, update: b64(1000, i + 1) },
        }),
      ),
    );
    expect(updates.filter((r) => r.status === 200)).toHaveLength(2);
    expect(updates.filter((r) => errorCode(r) === 'STORAGE_QUOTA_EXCEEDED')).toHaveLength(3);
    expect(await usage(d)).toBe(2000);
    const snapshots = await Promise.all(
      Array.from({ length: 4 }, async (_, i) =>
        api('/sync/crdt/snapshot', {
          token: d.accessToken,
          body: await signedSnapshot(d, 'default', { noteId: `s${i}`, snapshot: b64(300, i + 1) }),
        }),
      ),
    );
    expect(snapshots.filter((r) => r.status === 200)).toHaveLength(1);
    expect(snapshots.filter((r) => errorCode(r) === 'STORAGE_QUOTA_EXCEEDED')).toHaveLength(3);
    expect(await usage(d)).toBe(2300);
  });
});
