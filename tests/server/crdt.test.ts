import { describe, expect, it } from 'vitest';
import type { ChangesResponse } from '../../src/sync/protocol/changes';
import type {
  CrdtSnapshotBatchResponse,
  CrdtSnapshotPushResponse,
  CrdtSnapshotResponse,
  CrdtUpdatePushResponse,
  CrdtUpdatesBatchResponse,
  CrdtUpdatesResponse,
} from '../../src/sync/protocol/crdt';
import type { BillingReport } from '../../src/sync/protocol/plans';
import { api, errorCode, signInDevice, type TestDevice } from './helpers';
import { signedSnapshot } from './items';

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64');
const rnd = (n: number) => b64(crypto.getRandomValues(new Uint8Array(n)));
const sig = () => rnd(64);

const pushUpdate = (d: TestDevice, noteId: string, update: string) =>
  api<CrdtUpdatePushResponse>('/sync/crdt/updates', { token: d.accessToken, body: { noteId, update } });
const getUpdates = (d: TestDevice, noteId: string, since = 0, limit = 100) =>
  api<CrdtUpdatesResponse>(
    `/sync/crdt/updates?note_id=${encodeURIComponent(noteId)}&since=${since}&limit=${limit}`,
    { token: d.accessToken },
  );
const pushSnapshot = async (
  d: TestDevice,
  body: { noteId: string; snapshot: string; coversThrough?: number },
) =>
  api<CrdtSnapshotPushResponse>('/sync/crdt/snapshot', {
    token: d.accessToken,
    body: await signedSnapshot(d, 'default', body),
  });
/** A batch entry signed by `d` (the server's vault is 'default' when no vault header is sent). */
const entry = (d: TestDevice, noteId: string, snapshot: string, coversThrough?: number) =>
  signedSnapshot(
    d,
    'default',
    coversThrough === undefined ? { noteId, snapshot } : { noteId, snapshot, coversThrough },
  );
const getSnapshot = (d: TestDevice, noteId: string) =>
  api<CrdtSnapshotResponse>(`/sync/crdt/snapshot/${encodeURIComponent(noteId)}`, { token: d.accessToken });

describe('note bodies: CRDT updates and snapshots (real workerd)', () => {
  it('stores updates with sequence numbers; a retry of the same bytes is a no-op charged once', async () => {
    const d = await signInDevice();
    const u1 = rnd(100);
    const u2 = rnd(50);
    expect((await pushUpdate(d, 'note-a', u1)).body).toEqual({ sequenceNum: 1, duplicate: false });
    expect((await pushUpdate(d, 'note-a', u2)).body).toEqual({ sequenceNum: 2, duplicate: false });
    expect((await pushUpdate(d, 'note-a', u1)).body).toEqual({ sequenceNum: 1, duplicate: true });
    const billing = await api<BillingReport>('/auth/billing', { token: d.accessToken });
    expect(billing.body.usage.storageBytes).toBe(150);
    const all = await getUpdates(d, 'note-a');
    expect(all.body.updates.map((u) => [u.sequenceNum, u.data, u.deviceId])).toEqual([
      [1, u1, d.deviceId],
      [2, u2, d.deviceId],
    ]);
    expect(all.body.hasMore).toBe(false);
    const since1 = await getUpdates(d, 'note-a', 1, 1);
    expect(since1.body.updates.map((u) => u.sequenceNum)).toEqual([2]);
    const first = await getUpdates(d, 'note-a', 0, 1);
    expect(first.body.hasMore).toBe(true);
  });

  it('snapshot: prunes covered updates, random revision on every write, sequence kept on replacement', async () => {
    const d = await signInDevice();
    for (let i = 0; i < 3; i++) await pushUpdate(d, 'n', rnd(10 + i));
    expect((await getSnapshot(d, 'n')).body).toEqual({
      snapshot: null,
      sequenceNum: 0,
      signerDeviceId: null,
      revision: null,
      signature: null,
    });
    const snap = rnd(500);
    const first = await pushSnapshot(d, { noteId: 'n', snapshot: snap, coversThrough: 2 });
    expect(first.status).toBe(200);
    expect(first.body.sequenceNum).toBe(2);
    expect((await getUpdates(d, 'n')).body.updates.map((u) => u.sequenceNum)).toEqual([3]);
    const read = await getSnapshot(d, 'n');
    expect(read.body).toEqual({
      snapshot: snap,
      sequenceNum: 2,
      signerDeviceId: d.deviceId,
      revision: first.body.revision,
      signature: expect.any(String),
    });
    // no coversThrough: the watermark (3) is covered and pruned
    const second = await pushSnapshot(d, { noteId: 'n', snapshot: rnd(400) });
    expect(second.body.sequenceNum).toBe(3);
    expect((await getUpdates(d, 'n')).body.updates).toEqual([]);
    const third = await pushSnapshot(d, { noteId: 'n', snapshot: rnd(300) });
    expect(third.body.sequenceNum).toBe(3);
    expect(new Set([first.body.revision, second.body.revision, third.body.revision]).size).toBe(3);
    const beyond = await pushSnapshot(d, { noteId: 'n', snapshot: rnd(10), coversThrough: 99 });
    expect(errorCode(beyond)).toBe('VALIDATION_ERROR');
    // usage: only the latest snapshot remains charged
    expect(
      (await api<BillingReport>('/auth/billing', { token: d.accessToken })).body.usage.storageBytes,
    ).toBe(300);
  });

  it('snapshot signatures: verified against the pushing device key before anything is stored', async () => {
    const d = await signInDevice();
    const other = await signInDevice(d.email, 'second device');
    const bytes = rnd(64);
    const good = await signedSnapshot(d, 'default', { noteId: 's', snapshot: bytes });
    const refused = async (body: Record<string, unknown>) => {
      const res = await api('/sync/crdt/snapshot', { token: d.accessToken, body });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('SYNC_INVALID_SIGNATURE');
    };
    await refused({ ...good, signature: sig() }); // forged
    await refused({ ...good, snapshot: rnd(64) }); // other bytes under a valid signature
    await refused({ ...good, noteId: 't' }); // moved to another note
    await refused(await signedSnapshot(d, 'another-vault', { noteId: 's', snapshot: bytes })); // another vault
    await refused(await signedSnapshot(other, 'default', { noteId: 's', snapshot: bytes })); // not the pusher's key
    expect((await getSnapshot(d, 's')).body.snapshot).toBeNull();
    expect((await getSnapshot(d, 't')).body.snapshot).toBeNull();
    const ok = await api<CrdtSnapshotPushResponse>('/sync/crdt/snapshot', {
      token: d.accessToken,
      body: good,
    });
    expect(ok.status).toBe(200);
    // readers get the signature back and can verify it against the key directory (spec 5.3)
    const read = await getSnapshot(other, 's');
    expect(read.body).toMatchObject({
      snapshot: bytes,
      signerDeviceId: d.deviceId,
      signature: good.signature,
    });
  });

  it('updates batch returns incrementals and snapshotMeta (absent note = no snapshot)', async () => {
    const d = await signInDevice();
    await pushUpdate(d, 'x', rnd(8));
    await pushUpdate(d, 'y', rnd(8));
    const snap = await pushSnapshot(d, { noteId: 'y', snapshot: rnd(40), coversThrough: 0 });
    const res = await api<CrdtUpdatesBatchResponse>('/sync/crdt/updates/batch', {
      token: d.accessToken,
      body: {
        notes: [
          { noteId: 'x', since: 0 },
          { noteId: 'y', since: 0 },
          { noteId: 'z', since: 0 },
        ],
        limit: 1,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.notes.x?.updates).toHaveLength(1);
    expect(res.body.notes.y?.updates).toHaveLength(1);
    expect(res.body.notes.z).toEqual({ updates: [], hasMore: false });
    expect(res.body.snapshotMeta).toEqual({
      y: { sequenceNum: 0, revision: snap.body.revision, signerDeviceId: d.deviceId },
    });
    const tooMany = await api('/sync/crdt/updates/batch', {
      token: d.accessToken,
      body: { notes: Array.from({ length: 101 }, (_, i) => ({ noteId: `n${i}`, since: 0 })) },
    });
    expect(errorCode(tooMany)).toBe('VALIDATION_ERROR');
  });

  it('snapshot batch: per-note results in request order; a bad note does not fail the others', async () => {
    const d = await signInDevice();
    const res = await api<CrdtSnapshotBatchResponse>('/sync/crdt/snapshot/batch', {
      token: d.accessToken,
      body: {
        snapshots: [
          await entry(d, 'a', rnd(20)),
          { noteId: 'b', snapshot: 'not base64!', signature: sig() },
          await entry(d, 'c', rnd(20), 5),
          await entry(d, 'd', rnd(20)),
          { ...(await entry(d, 'e', rnd(20))), signature: sig() },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => [r.noteId, r.accepted])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
      ['d', true],
      ['e', false],
    ]);
    expect(res.body.results[4]).toMatchObject({ accepted: false, code: 'SYNC_INVALID_SIGNATURE' });
    expect((await getSnapshot(d, 'e')).body.snapshot).toBeNull();
    expect((await getSnapshot(d, 'd')).body.snapshot).not.toBeNull();
    expect((await getSnapshot(d, 'c')).body.snapshot).toBeNull();
  });

  it('snapshot batch: a batch-wide quota shortfall refuses the whole request', async () => {
    const d = await signInDevice();
    await api('/dev/entitlement', {
      token: d.accessToken,
      body: { plan: 'pro', status: 'active', storageLimitBytes: 100 },
    });
    const res = await api('/sync/crdt/snapshot/batch', {
      token: d.accessToken,
      body: {
        snapshots: [await entry(d, 'a', rnd(60)), await entry(d, 'b', rnd(60))],
      },
    });
    expect(res.status).toBe(507);
    expect(errorCode(res)).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await getSnapshot(d, 'a')).body.snapshot).toBeNull();
    const upd = await pushUpdate(d, 'a', rnd(101));
    expect(errorCode(upd)).toBe('STORAGE_QUOTA_EXCEEDED');
  });

  it('an update over 1 MB gets a bare 413 (send it as a snapshot); an empty one is invalid', async () => {
    const d = await signInDevice();
    const res = await pushUpdate(d, 'big', b64(Buffer.alloc(1_000_001, 1)));
    expect(res.status).toBe(413);
    expect(res.text).toBe('');
    expect((await getUpdates(d, 'big')).body.updates).toEqual([]);
    expect(errorCode(await pushUpdate(d, 'e', ''))).toBe('VALIDATION_ERROR');
  });

  it('a snapshot over 5 MB gets a bare 413', async () => {
    const d = await signInDevice();
    const res = await pushSnapshot(d, {
      noteId: 'big',
      snapshot: b64(Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
    });
    expect(res.status).toBe(413);
    expect(res.text).toBe('');
  });

  it('note bodies ride the changes feed when note_body is declared; small updates inline', async () => {
    const d = await signInDevice();
    const small = rnd(100);
    await pushUpdate(d, 'n', small);
    await pushUpdate(d, 'n', rnd(5000));
    const snap = await pushSnapshot(d, { noteId: 'm', snapshot: rnd(30) });
    const plain = await api<ChangesResponse>('/sync/changes?cursor=0', { token: d.accessToken });
    expect(plain.body).not.toHaveProperty('noteBodies');
    const res = await api<ChangesResponse>('/sync/changes?cursor=0', {
      token: d.accessToken,
      headers: { 'x-svc-sync-types': 'note,note_body' },
    });
    expect(res.body.noteBodies).toEqual([
      { kind: 'update', noteId: 'n', serverCursor: 1, sequenceNum: 1, sizeBytes: 100, data: small },
      { kind: 'update', noteId: 'n', serverCursor: 2, sequenceNum: 2, sizeBytes: 5000 },
      { kind: 'snapshot', noteId: 'm', serverCursor: 3, sequenceNum: 0, revision: snap.body.revision },
    ]);
    expect(res.body.nextCursor).toBe(3);
  });

  it('another account never sees a note body', async () => {
    const a = await signInDevice();
    const b = await signInDevice();
    await pushUpdate(a, 'secret', rnd(10));
    await pushSnapshot(a, { noteId: 'secret', snapshot: rnd(10) });
    expect((await getUpdates(b, 'secret')).body.updates).toEqual([]);
    expect((await getSnapshot(b, 'secret')).body.snapshot).toBeNull();
    const batch = await api<CrdtUpdatesBatchResponse>('/sync/crdt/updates/batch', {
      token: b.accessToken,
      body: { notes: [{ noteId: 'secret', since: 0 }] },
    });
    expect(batch.body).toEqual({
      notes: { secret: { updates: [], hasMore: false } },
      snapshotMeta: {},
      snapshotPrecondition: true,
    });
  });
});
