import { describe, expect, it } from 'vitest';
import type { CrdtSnapshotResponse } from '../../src/sync/protocol/crdt';
import type { PullResponse } from '../../src/sync/protocol/pull';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, errorCode, signInDevice, type TestDevice } from './helpers';
import { signedItem, signedSnapshot } from './items';

const push = (d: TestDevice, items: unknown[]) =>
  api<PushResponse>('/sync/push', { token: d.accessToken, body: { items } });
const blobs = async (d: TestDevice) =>
  (await api<{ keys: string[] }>('/dev/blobs', { token: d.accessToken })).body.keys;

describe('payload blobs in the object store (real workerd)', () => {
  it('writes under the current key layout and deletes the replaced object after commit', async () => {
    const d = await signInDevice();
    const v1 = await signedItem(d, 'default', { id: 'n/1', clock: { [d.deviceId]: 1 } });
    await push(d, [v1]);
    expect(await blobs(d)).toEqual([`${d.userId}/vaults/default/items-v3/note/n%2F1/${v1.contentHash}`]);
    const v2 = await signedItem(d, 'default', { id: 'n/1', clock: { [d.deviceId]: 2 } });
    await push(d, [v2]);
    expect(await blobs(d)).toEqual([`${d.userId}/vaults/default/items-v3/note/n%2F1/${v2.contentHash}`]);
    // a refused replay leaves the stored object alone
    await push(d, [v1]);
    expect(await blobs(d)).toEqual([`${d.userId}/vaults/default/items-v3/note/n%2F1/${v2.contentHash}`]);
  });

  it('a pull skips a row whose object is gone and reports it in blobMissing', async () => {
    const d = await signInDevice();
    const a = await signedItem(d, 'default', { id: 'a', clock: { [d.deviceId]: 1 } });
    const b = await signedItem(d, 'default', { id: 'b', clock: { [d.deviceId]: 1 } });
    await push(d, [a, b]);
    await api('/dev/lose-blob', {
      token: d.accessToken,
      body: { key: `${d.userId}/vaults/default/items-v3/note/a/${a.contentHash}` },
    });
    const res = await api<PullResponse>('/sync/pull', {
      token: d.accessToken,
      body: {
        items: [
          { type: 'note', id: 'a' },
          { type: 'note', id: 'b' },
        ],
      },
    });
    expect(res.body.items.map((i) => i.id)).toEqual(['b']);
    expect(res.body.blobMissing).toEqual([{ type: 'note', id: 'a' }]);
  });

  it('a snapshot whose blob is gone reads as snapshot null with its metadata', async () => {
    const d = await signInDevice();
    const snap = await api<{ revision: string }>('/sync/crdt/snapshot', {
      token: d.accessToken,
      body: await signedSnapshot(d, 'default', {
        noteId: 'n',
        snapshot: Buffer.alloc(20, 1).toString('base64'),
      }),
    });
    const [key] = await blobs(d);
    expect(key).toContain('/crdt-snapshots/n/');
    await api('/dev/lose-blob', { token: d.accessToken, body: { key } });
    const read = await api<CrdtSnapshotResponse>('/sync/crdt/snapshot/n', { token: d.accessToken });
    expect(read.body).toEqual({
      snapshot: null,
      sequenceNum: 0,
      signerDeviceId: d.deviceId,
      revision: snap.body.revision,
      signature: null,
    });
  });

  it("dev tooling cannot touch another account's objects", async () => {
    const a = await signInDevice();
    const b = await signInDevice();
    const item = await signedItem(a, 'default', { id: 'x', clock: { [a.deviceId]: 1 } });
    await push(a, [item]);
    const key = `${a.userId}/vaults/default/items-v3/note/x/${item.contentHash}`;
    expect(errorCode(await api('/dev/lose-blob', { token: b.accessToken, body: { key } }))).toBe('NOT_FOUND');
    expect(await blobs(b)).toEqual([]);
    expect(await blobs(a)).toEqual([key]);
  });

  // small objects live inline in D1, larger ones in R2 (docs/protocol.md): the contract is the same
  it('small and large snapshots read back byte for byte, and a replaced one is deleted, in either store', async () => {
    const d = await signInDevice();
    const small = Buffer.alloc(20, 7).toString('base64');
    const large = Buffer.from(Array.from({ length: 40 * 1024 }, (_, i) => (i * 31) % 251)).toString('base64');
    const put = async (noteId: string, snapshot: string) =>
      (
        await api<{ revision: string }>('/sync/crdt/snapshot', {
          token: d.accessToken,
          body: await signedSnapshot(d, 'default', { noteId, snapshot }),
        })
      ).body.revision;
    const read = async (noteId: string) =>
      (await api<CrdtSnapshotResponse>(`/sync/crdt/snapshot/${noteId}`, { token: d.accessToken })).body
        .snapshot;
    await put('s', small);
    await put('l', large);
    expect(await read('s')).toBe(small);
    expect(await read('l')).toBe(large);
    const before = await blobs(d);
    expect(before).toHaveLength(2);

    // each replaced by the other's size: the old objects go from both stores
    await put('s', large);
    await put('l', small);
    const after = await blobs(d);
    expect(after).toHaveLength(2);
    expect(after.filter((k) => before.includes(k))).toEqual([]);
    expect(await read('s')).toBe(large);
    expect(await read('l')).toBe(small);

    for (const key of after) await api('/dev/lose-blob', { token: d.accessToken, body: { key } });
    expect(await read('s')).toBeNull();
    expect(await read('l')).toBeNull();
    expect(await blobs(d)).toEqual([]);
  });
});
