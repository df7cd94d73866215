import { describe, expect, it } from 'vitest';
import type { ChangesResponse } from '../../src/sync/protocol/changes';
import type { ManifestResponse } from '../../src/sync/protocol/manifest';
import type { BillingReport } from '../../src/sync/protocol/plans';
import type { PullResponse } from '../../src/sync/protocol/pull';
import type { PushResponse } from '../../src/sync/protocol/push';
import { answerBeforeBody, api, errorCode, signInDevice, type TestDevice } from './helpers';
import { envelopeText, signedItem } from './items';

const push = (d: TestDevice, items: unknown[], headers: Record<string, string> = {}) =>
  api<PushResponse>('/sync/push', { token: d.accessToken, body: { items }, headers });
const pull = (d: TestDevice, items: { type: string; id: string }[], headers: Record<string, string> = {}) =>
  api<PullResponse>('/sync/pull', { token: d.accessToken, body: { items }, headers });
const changes = (d: TestDevice, query = 'cursor=0', headers: Record<string, string> = {}) =>
  api<ChangesResponse>(`/sync/changes?${query}`, { token: d.accessToken, headers });

describe('records: push, pull, changes, manifest (real workerd)', () => {
  it('accepts a signed push, orders it by per-account cursor, and serves it back byte-exact', async () => {
    const d = await signInDevice();
    const payload = envelopeText(200);
    const items = [
      await signedItem(d, 'default', { id: 'n1', clock: { [d.deviceId]: 1 }, payload }),
      await signedItem(d, 'default', { type: 'task', id: 't1', clock: { [d.deviceId]: 1 } }),
    ];
    const res = await push(d, items, { 'x-svc-client': 'web/0.1.0' });
    expect(res.status).toBe(200);
    expect(res.body.rejected).toEqual([]);
    expect(res.body.accepted.map((a) => a.serverCursor)).toEqual([1, 2]);
    expect(res.body.maxCursor).toBe(2);

    const got = await pull(d, [{ type: 'note', id: 'n1' }]);
    expect(got.body.blobMissing).toEqual([]);
    expect(got.body.items).toHaveLength(1);
    expect(got.body.items[0]).toMatchObject({
      type: 'note',
      id: 'n1',
      payload,
      deviceId: d.deviceId,
      serverCursor: 1,
      platform: 'web',
      version: '0.1.0',
      committedAtMs: res.body.committedAtMs,
    });
    expect(got.body).not.toHaveProperty('purgedTombstones');

    const page = await changes(d);
    expect(page.body.refs.map((r) => [r.type, r.id, r.serverCursor])).toEqual([
      ['note', 'n1', 1],
      ['task', 't1', 2],
    ]);
    expect(page.body.nextCursor).toBe(2);
    expect(typeof page.body.serverTimeMs).toBe('number');
    const after = await changes(d, 'cursor=2');
    expect(after.body).toMatchObject({ refs: [], nextCursor: 2 });

    const inline = await changes(d, 'cursor=0&inline=1');
    expect(inline.body.inline?.map((i) => i.id).sort()).toEqual(['n1', 't1']);

    const billing = await api<BillingReport>('/auth/billing', { token: d.accessToken });
    expect(billing.body.usage.storageBytes).toBe(items[0]!.sizeBytes + items[1]!.sizeBytes);
  });

  it('inline=1 carries only rows up to 64 KiB, tombstones included', async () => {
    const d = await signInDevice();
    const big = await signedItem(d, 'default', {
      id: 'big',
      clock: { [d.deviceId]: 1 },
      payload: envelopeText(70_000),
    });
    const small = await signedItem(d, 'default', { id: 'small', clock: { [d.deviceId]: 1 } });
    const gone = await signedItem(d, 'default', { id: 'gone', clock: { [d.deviceId]: 1 }, deletedAt: 7 });
    expect((await push(d, [big, small, gone])).body.accepted).toHaveLength(3);
    const page = await changes(d, 'cursor=0&inline=1');
    expect(page.body.refs.map((r) => r.id)).toEqual(['big', 'small', 'gone']);
    expect(page.body.inline?.map((i) => i.id)).toEqual(['small', 'gone']);
  });

  it('refuses a replay (no greater clock entry) and accepts a newer clock, which moves the cursor', async () => {
    const d = await signInDevice();
    const v1 = await signedItem(d, 'default', { id: 'n', clock: { [d.deviceId]: 1 } });
    expect((await push(d, [v1])).body.accepted).toHaveLength(1);
    const replay = await push(d, [v1]);
    expect(replay.body.accepted).toEqual([]);
    expect(replay.body.rejected).toEqual([
      { type: 'note', id: 'n', code: 'SYNC_REPLAY_DETECTED', reason: expect.any(String) },
    ]);
    const concurrentOlder = await signedItem(d, 'default', { id: 'n', clock: { [d.deviceId]: 1, other: 0 } });
    expect((await push(d, [concurrentOlder])).body.rejected[0]?.code).toBe('SYNC_REPLAY_DETECTED');
    const v2 = await signedItem(d, 'default', { id: 'n', clock: { [d.deviceId]: 2 } });
    const ok = await push(d, [v2]);
    expect(ok.body.accepted).toEqual([{ type: 'note', id: 'n', serverCursor: 2 }]);
    const got = await pull(d, [{ type: 'note', id: 'n' }]);
    expect(got.body.items[0]?.payload).toBe(v2.payload);
    const billing = await api<BillingReport>('/auth/billing', { token: d.accessToken });
    expect(billing.body.usage.storageBytes).toBe(v2.sizeBytes);
  });

  it('judges each item alone: forged signature, wrong signer, bad hash, bad envelope, unknown type', async () => {
    const d = await signInDevice();
    const other = await signInDevice();
    const good = await signedItem(d, 'default', { id: 'good', clock: { [d.deviceId]: 1 } });
    const forged = { ...(await signedItem(d, 'default', { id: 'forged', clock: { [d.deviceId]: 1 } })) };
    forged.signature = (
      await signedItem(d, 'default', { id: 'forged', clock: { [d.deviceId]: 2 } })
    ).signature;
    const otherVault = await signedItem(d, 'default', {
      id: 'ov',
      clock: { [d.deviceId]: 1 },
      signVaultId: crypto.randomUUID(),
    });
    const foreignSigner = await signedItem(other, 'default', { id: 'fs', clock: { [other.deviceId]: 1 } });
    const badHash = {
      ...(await signedItem(d, 'default', { id: 'bh', clock: { [d.deviceId]: 1 } })),
      contentHash: 'a'.repeat(64),
    };
    const badEnvelope = await signedItem(d, 'default', {
      id: 'be',
      clock: { [d.deviceId]: 1 },
      payload: '{"title":"plaintext!"}',
    });
    const unknownType = await signedItem(d, 'default', {
      type: 'spaceship',
      id: 'u',
      clock: { [d.deviceId]: 1 },
    });
    const noteBody = await signedItem(d, 'default', {
      type: 'note_body',
      id: 'nb',
      clock: { [d.deviceId]: 1 },
    });
    const wrongTypes = { ...good, id: 'wt', vectorClock: { x: -1 } };
    const unnamed = { payload: 'x' };
    const longId = await signedItem(d, 'default', { id: 'L'.repeat(513), clock: { [d.deviceId]: 1 } });
    const res = await push(d, [
      good,
      forged,
      otherVault,
      foreignSigner,
      badHash,
      badEnvelope,
      unknownType,
      noteBody,
      wrongTypes,
      unnamed,
      longId,
    ]);
    expect(res.status).toBe(200);
    expect(res.body.accepted.map((a) => a.id)).toEqual(['good']);
    const codes = Object.fromEntries(res.body.rejected.map((r) => [r.id, r.code]));
    expect(codes).toEqual({
      forged: 'SYNC_INVALID_SIGNATURE',
      ov: 'SYNC_INVALID_SIGNATURE',
      fs: 'SYNC_INVALID_SIGNATURE',
      bh: 'SYNC_INVALID_ITEM',
      be: 'SYNC_INVALID_ITEM',
      u: 'SYNC_INVALID_ITEM',
      nb: 'SYNC_INVALID_ITEM',
      wt: 'SYNC_INVALID_ITEM',
    });
    expect(res.body.rejected.find((r) => r.id === 'wt')?.reason).toContain('vectorClock');
    // an id over 512 characters cannot be named: dropped, in neither list
    expect(res.body.rejected).toHaveLength(8);
    const manifest = await api<ManifestResponse>('/sync/manifest', { token: d.accessToken });
    expect(manifest.body.items.map((i) => i.id)).toEqual(['good']);
  });

  it('deletes need a valid attestation; tombstones are served with it', async () => {
    const d = await signInDevice();
    await push(d, [await signedItem(d, 'default', { id: 'n', clock: { [d.deviceId]: 1 } })]);
    const del = await signedItem(d, 'default', {
      id: 'n',
      clock: { [d.deviceId]: 2 },
      deletedAt: 1_700_000_000_000,
    });
    const missing = { ...del, deleteAttestation: undefined };
    expect((await push(d, [missing])).body.rejected[0]?.code).toBe('SYNC_INVALID_SIGNATURE');
    const wrongAttestation = {
      ...del,
      deleteAttestation: (
        await signedItem(d, 'default', { id: 'n', clock: { [d.deviceId]: 3 }, deletedAt: 1 })
      ).deleteAttestation,
    };
    expect((await push(d, [wrongAttestation])).body.rejected[0]?.code).toBe('SYNC_INVALID_SIGNATURE');
    expect((await push(d, [del])).body.accepted).toHaveLength(1);
    const page = await changes(d);
    expect(page.body.refs).toEqual([expect.objectContaining({ id: 'n', deleted: true, serverCursor: 2 })]);
    const got = await pull(d, [{ type: 'note', id: 'n' }]);
    expect(got.body.items[0]).toMatchObject({
      deletedAt: 1_700_000_000_000,
      deleteAttestation: del.deleteAttestation,
    });
  });

  it('rejects malformed envelopes with 400 and writes nothing', async () => {
    const d = await signInDevice();
    for (const body of [
      {},
      { items: [] },
      { items: 'x' },
      { items: Array.from({ length: 101 }, () => ({})) },
    ]) {
      const res = await api('/sync/push', { token: d.accessToken, body });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('VALIDATION_ERROR');
    }
    expect(
      errorCode(await api('/sync/pull', { token: d.accessToken, body: { items: [{ type: 'note' }] } })),
    ).toBe('VALIDATION_ERROR');
    expect(errorCode(await changes(d, 'cursor=-1'))).toBe('VALIDATION_ERROR');
    expect((await api<ManifestResponse>('/sync/manifest', { token: d.accessToken })).body.items).toEqual([]);
  });

  it("one account can never read, list or infer another account's records", async () => {
    const a = await signInDevice();
    const b = await signInDevice();
    await push(a, [await signedItem(a, 'default', { id: 'secret', clock: { [a.deviceId]: 1 } })]);
    expect((await pull(b, [{ type: 'note', id: 'secret' }])).body).toEqual({ items: [], blobMissing: [] });
    expect((await changes(b)).body.refs).toEqual([]);
    expect((await api<ManifestResponse>('/sync/manifest', { token: b.accessToken })).body.items).toEqual([]);
    // b's own cursor sequence starts at 1: cursors reveal nothing about a's activity
    const own = await push(b, [await signedItem(b, 'default', { id: 'secret', clock: { [b.deviceId]: 1 } })]);
    expect(own.body.accepted).toEqual([{ type: 'note', id: 'secret', serverCursor: 1 }]);
    expect((await pull(a, [{ type: 'note', id: 'secret' }])).body.items[0]?.deviceId).toBe(a.deviceId);
  });

  it('type negotiation: absent = legacy list, unknown-only = empty and cursor unchanged, declared subset', async () => {
    const d = await signInDevice();
    await push(d, [
      await signedItem(d, 'default', { id: 'n', clock: { [d.deviceId]: 1 } }),
      await signedItem(d, 'default', {
        type: 'property_definition',
        id: 'status',
        clock: { [d.deviceId]: 1 },
      }),
      await signedItem(d, 'default', { type: 'task', id: 't', clock: { [d.deviceId]: 1 } }),
    ]);
    expect((await changes(d)).body.refs.map((r) => r.type)).toEqual(['note', 'task']);
    const none = await changes(d, 'cursor=1', { 'x-svc-sync-types': 'hologram,note_body_x' });
    expect(none.body).toMatchObject({ refs: [], nextCursor: 1 });
    const subset = await changes(d, 'cursor=0', { 'x-svc-sync-types': 'property_definition, task,task' });
    expect(subset.body.refs.map((r) => r.type)).toEqual(['property_definition', 'task']);
    const pulled = await pull(
      d,
      [
        { type: 'property_definition', id: 'status' },
        { type: 'note', id: 'n' },
      ],
      {
        'x-svc-sync-types': 'property_definition',
      },
    );
    expect(pulled.body.items.map((i) => i.type)).toEqual(['property_definition']);
    const m = await api<ManifestResponse>('/sync/manifest', {
      token: d.accessToken,
      headers: { 'x-svc-sync-types': 'note' },
    });
    expect(m.body.items.map((i) => i.id)).toEqual(['n']);
  });

  it('stays under the 100-parameter ceiling with 250 ids (pull slices, manifest pages, changes)', async () => {
    const d = await signInDevice();
    const ids = Array.from({ length: 250 }, (_, i) => `id-${String(i).padStart(3, '0')}`);
    for (let i = 0; i < ids.length; i += 100) {
      const batch = await Promise.all(
        ids.slice(i, i + 100).map((id) => signedItem(d, 'default', { id, clock: { [d.deviceId]: 1 } })),
      );
      const res = await push(d, batch);
      expect(res.body.accepted).toHaveLength(batch.length);
    }
    const got: string[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      const res = await pull(
        d,
        ids.slice(i, i + 100).map((id) => ({ type: 'note', id })),
      );
      expect(res.status).toBe(200);
      got.push(...res.body.items.map((x) => x.id));
    }
    expect(got.sort()).toEqual(ids);
    const full = await api<ManifestResponse>('/sync/manifest', { token: d.accessToken });
    expect(full.body.items).toHaveLength(250);
    expect(full.body).not.toHaveProperty('nextCursor');
    const paged: string[] = [];
    let cursor = 0;
    for (;;) {
      const res = await api<ManifestResponse>(`/sync/manifest?limit=100&cursor=${cursor}`, {
        token: d.accessToken,
      });
      paged.push(...res.body.items.map((x) => x.id));
      if (res.body.nextCursor === null || res.body.nextCursor === undefined) break;
      cursor = res.body.nextCursor;
    }
    expect(paged.sort()).toEqual(ids);
    const page = await changes(d);
    expect(page.body.refs).toHaveLength(250);
  });

  it('manifest: a cursor without a limit and a limit over 1000 are refused', async () => {
    const d = await signInDevice();
    expect(errorCode(await api('/sync/manifest?cursor=5', { token: d.accessToken }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(errorCode(await api('/sync/manifest?limit=1001', { token: d.accessToken }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(errorCode(await api('/sync/manifest?limit=0', { token: d.accessToken }))).toBe('VALIDATION_ERROR');
  });

  it('per-item quota: only the item that grows storage past the quota is refused; shrinking and deletes still commit', async () => {
    const d = await signInDevice();
    const big = await signedItem(d, 'default', {
      id: 'big',
      clock: { [d.deviceId]: 1 },
      payload: envelopeText(3000),
    });
    const small = await signedItem(d, 'default', { id: 'small', clock: { [d.deviceId]: 1 } });
    await api('/dev/entitlement', {
      token: d.accessToken,
      body: { plan: 'plus', status: 'active', storageLimitBytes: big.sizeBytes + small.sizeBytes + 10 },
    });
    expect((await push(d, [big, small])).body.accepted).toHaveLength(2);
    const grow = await signedItem(d, 'default', {
      id: 'small',
      clock: { [d.deviceId]: 2 },
      payload: envelopeText(400),
    });
    const extra = await signedItem(d, 'default', { id: 'extra', clock: { [d.deviceId]: 1 } });
    const del = await signedItem(d, 'default', {
      id: 'big',
      clock: { [d.deviceId]: 2 },
      deletedAt: 5,
      payload: envelopeText(16),
    });
    const res = await push(d, [grow, extra, del]);
    expect(res.body.rejected.map((r) => [r.id, r.code])).toEqual([
      ['small', 'STORAGE_QUOTA_EXCEEDED'],
      ['extra', 'STORAGE_QUOTA_EXCEEDED'],
    ]);
    expect(res.body.accepted.map((a) => a.id)).toEqual(['big']);
    // the delete freed space: the same growth now fits
    expect((await push(d, [grow])).body.accepted).toHaveLength(1);
  });

  it('file limit: a payload over the plan file limit is refused per item with STORAGE_FILE_TOO_LARGE', async () => {
    const d = await signInDevice();
    await api('/dev/entitlement', {
      token: d.accessToken,
      body: { plan: 'pro', status: 'active', fileLimitBytes: 500 },
    });
    const big = await signedItem(d, 'default', {
      id: 'big',
      clock: { [d.deviceId]: 1 },
      payload: envelopeText(600),
    });
    const ok = await signedItem(d, 'default', { id: 'ok', clock: { [d.deviceId]: 1 } });
    const res = await push(d, [big, ok]);
    expect(res.body.rejected.map((r) => [r.id, r.code])).toEqual([['big', 'STORAGE_FILE_TOO_LARGE']]);
    expect(res.body.accepted.map((a) => a.id)).toEqual(['ok']);
  });

  it('a 9 MiB body is refused with a bare 413 before anything runs', async () => {
    const d = await signInDevice();
    // answered from the announced length alone: not one byte of the body is sent
    const res = await answerBeforeBody('/sync/push', 9 * 1024 * 1024, {
      authorization: `Bearer ${d.accessToken}`,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(413);
    expect(res.text).toBe('');
  });

  it('a revoked device cannot push, and its earlier items stay verifiable in the directory', async () => {
    const a = await signInDevice();
    const b = await signInDevice(a.email, 'phone');
    expect(
      (await push(b, [await signedItem(b, 'default', { id: 'from-b', clock: { [b.deviceId]: 1 } })])).body
        .accepted,
    ).toHaveLength(1);
    await api('/devices/revoke', { token: a.accessToken, body: { deviceId: b.deviceId } });
    const refused = await push(b, [
      await signedItem(b, 'default', { id: 'later', clock: { [b.deviceId]: 1 } }),
    ]);
    expect(refused.status).toBe(401);
    expect(errorCode(refused)).toBe('DEVICE_REVOKED');
    const got = await pull(a, [{ type: 'note', id: 'from-b' }]);
    expect(got.body.items[0]?.deviceId).toBe(b.deviceId);
  });
});

describe('concurrent pushes of one item (real workerd)', () => {
  it('exactly one of two racing writes to a new item commits; the other is refused, never both', async () => {
    const d = await signInDevice();
    for (let round = 0; round < 5; round++) {
      const id = `race-${round}`;
      const [x, y] = await Promise.all([
        signedItem(d, 'default', { id, clock: { [d.deviceId]: 1 } }),
        signedItem(d, 'default', { id, clock: { [d.deviceId]: 2 } }),
      ]);
      const [rx, ry] = await Promise.all([push(d, [x]), push(d, [y])]);
      const accepted = [...rx.body.accepted, ...ry.body.accepted];
      const rejected = [...rx.body.rejected, ...ry.body.rejected];
      // y's clock dominates x's: y may win outright, or x first and y after it; x never replaces y
      const stored = (await pull(d, [{ type: 'note', id }])).body.items[0];
      if (accepted.length === 1) {
        expect(rejected.map((r) => r.code)).toEqual([
          expect.stringMatching(/^SYNC_(REPLAY_DETECTED|WRITE_CONFLICT)$/),
        ]);
        expect(stored?.payload).toBe((rx.body.accepted.length === 1 ? x : y).payload);
      } else {
        expect(accepted).toHaveLength(2);
        expect(stored?.payload).toBe(y.payload);
      }
    }
  });
});
