import { describe, expect, it } from 'vitest';
import type { ChangesResponse } from '../../src/sync/protocol/changes';
import type { BillingReport } from '../../src/sync/protocol/plans';
import type { PullResponse } from '../../src/sync/protocol/pull';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, signInDevice, type TestDevice } from './helpers';
import { envelopeText, signedItem } from './items';

const DAY = 86_400_000;
const push = (d: TestDevice, items: unknown[]) =>
  api<PushResponse>('/sync/push', { token: d.accessToken, body: { items } });
const purge = (d: TestDevice, asOfMs: number) =>
  api<{ purged: number }>('/dev/purge-tombstones', { token: d.accessToken, body: { asOfMs } });

async function deletedItem(d: TestDevice, type: string, id: string) {
  await push(d, [await signedItem(d, 'default', { type, id, clock: { [d.deviceId]: 1 } })]);
  const del = await signedItem(d, 'default', { type, id, clock: { [d.deviceId]: 2 }, deletedAt: 1234 });
  expect((await push(d, [del])).body.accepted).toHaveLength(1);
  return del;
}

describe('tombstones and the version-history window (real workerd)', () => {
  it('purges the payload after the plan window, keeps a marker served as purgedTombstones', async () => {
    const d = await signInDevice();
    await api('/dev/entitlement', { token: d.accessToken, body: { plan: 'plus', status: 'active' } });
    const del = await deletedItem(d, 'task', 't1');
    expect((await purge(d, Date.now() + 29 * DAY)).body.purged).toBe(0);
    expect((await purge(d, Date.now() + 31 * DAY)).body.purged).toBe(1);
    expect(
      (await api<BillingReport>('/auth/billing', { token: d.accessToken })).body.usage.storageBytes,
    ).toBe(0);

    const plain = await api<PullResponse>('/sync/pull', {
      token: d.accessToken,
      body: { items: [{ type: 'task', id: 't1' }] },
    });
    expect(plain.body).toEqual({ items: [], blobMissing: [] });
    const declared = await api<PullResponse>('/sync/pull', {
      token: d.accessToken,
      headers: { 'x-svc-sync-types': 'task,purged_tombstones' },
      body: { items: [{ type: 'task', id: 't1' }] },
    });
    expect(declared.body.purgedTombstones).toEqual([
      {
        type: 'task',
        id: 't1',
        clock: { [d.deviceId]: 2 },
        deletedAt: 1234,
        signerDeviceId: d.deviceId,
        deleteAttestation: del.deleteAttestation,
      },
    ]);
    // from cursor 0 the marker is not listed; from a later cursor it is
    expect(
      (await api<ChangesResponse>('/sync/changes?cursor=0', { token: d.accessToken })).body.refs,
    ).toEqual([]);
    expect(
      (await api<ChangesResponse>('/sync/changes?cursor=1', { token: d.accessToken })).body.refs.map(
        (r) => r.id,
      ),
    ).toEqual(['t1']);
  });

  it('Pro keeps tombstone payloads for 365 days', async () => {
    const d = await signInDevice();
    await api('/dev/entitlement', { token: d.accessToken, body: { plan: 'pro', status: 'active' } });
    await deletedItem(d, 'note', 'n');
    expect((await purge(d, Date.now() + 300 * DAY)).body.purged).toBe(0);
    expect((await purge(d, Date.now() + 366 * DAY)).body.purged).toBe(1);
  });

  it('a marker refuses stale writes; a create over it needs a name-derived id and a merged, ticked clock', async () => {
    const d = await signInDevice();
    await deletedItem(d, 'task', 'task-1');
    await deletedItem(d, 'tag_definition', 'work');
    await purge(d, Date.now() + 400 * DAY);
    const recreateTaskRes = await push(d, [
      await signedItem(d, 'default', { type: 'task', id: 'task-1', clock: { [d.deviceId]: 3 } }),
    ]);
    expect(recreateTaskRes.body.rejected.map((r) => r.code)).toEqual(['SYNC_REPLAY_DETECTED']);
    const notMerged = await push(d, [
      await signedItem(d, 'default', { type: 'tag_definition', id: 'work', clock: { other: 5 } }),
    ]);
    expect(notMerged.body.rejected.map((r) => r.code)).toEqual(['SYNC_REPLAY_DETECTED']);
    const merged = await push(d, [
      await signedItem(d, 'default', {
        type: 'tag_definition',
        id: 'work',
        clock: { [d.deviceId]: 3 },
        payload: envelopeText(),
      }),
    ]);
    expect(merged.body.accepted.map((a) => a.id)).toEqual(['work']);
    const staleDelete = await push(d, [
      await signedItem(d, 'default', {
        type: 'task',
        id: 'task-1',
        clock: { [d.deviceId]: 2 },
        deletedAt: 9,
      }),
    ]);
    expect(staleDelete.body.rejected.map((r) => r.code)).toEqual(['SYNC_REPLAY_DETECTED']);
  });
});
