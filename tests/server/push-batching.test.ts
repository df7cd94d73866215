import { describe, expect, it } from 'vitest';
import type { ChangesResponse } from '../../src/sync/protocol/changes';
import type { ManifestResponse } from '../../src/sync/protocol/manifest';
import type { BillingReport } from '../../src/sync/protocol/plans';
import type { PullResponse } from '../../src/sync/protocol/pull';
import type { PushItem, PushResponse } from '../../src/sync/protocol/push';
import { api, signInDevice, type TestDevice, uniqueEmail } from './helpers';
import { envelopeText, signedItem } from './items';

// Issue 16 part 5: a push takes its cursors as one block in its commit batch and writes its small
// objects in that batch too (server/src/records/commit-statements.ts, adapters/inline-blobs.ts);
// its rows go 8 to a multi-row upsert, each written only if no other write touched it since read.

const push = (d: TestDevice, items: unknown[]) =>
  api<PushResponse>('/sync/push', { token: d.accessToken, body: { items } });

describe('push batching (real workerd)', () => {
  it('8 devices of one account pushing at once: every item accepted once, readable, cursors unique and in item order per push', async () => {
    const email = uniqueEmail('push8');
    const devices = [];
    for (let i = 0; i < 8; i++) devices.push(await signInDevice(email));
    const answers = await Promise.all(
      devices.map(async (d, n) => {
        const items = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            signedItem(d, 'default', {
              id: `b-${n}-${i}`,
              clock: { [d.deviceId]: 1 },
              payload: envelopeText(300),
            }),
          ),
        );
        const res = await api<PushResponse>('/sync/push', { token: d.accessToken, body: { items } });
        expect(res.status).toBe(200);
        return { items, body: res.body };
      }),
    );
    const cursors: number[] = [];
    for (const { items, body } of answers) {
      expect(body.rejected).toEqual([]);
      expect(body.accepted.map((a) => a.id)).toEqual(items.map((i) => i.id));
      const mine = body.accepted.map((a) => a.serverCursor);
      // one block: consecutive, in item order, topped by maxCursor
      expect(mine).toEqual(mine.map((_, i) => (mine[0] as number) + i));
      expect(body.maxCursor).toBe(mine[mine.length - 1]);
      cursors.push(...mine);
    }
    expect(new Set(cursors).size).toBe(8 * 60);
    const manifest = await api<ManifestResponse>('/sync/manifest', { token: devices[0]?.accessToken });
    expect(manifest.body.items.filter((i) => i.id.startsWith('b-'))).toHaveLength(8 * 60);
    // the objects committed with their rows: a pull returns every payload
    const pulled = await api<{ items: { id: string; payload: string }[] }>('/sync/pull', {
      token: devices[1]?.accessToken,
      body: { items: answers[3]?.items.map((i) => ({ type: 'note', id: i.id })) },
    });
    const byId = new Map(pulled.body.items.map((i) => [i.id, i.payload]));
    for (const item of answers[3]?.items ?? []) expect(byId.get(item.id)).toBe(item.payload);
  });

  it('a push mixing accepted and refused items keeps every verdict, item order in the cursors, and each row as pushed', async () => {
    const d = await signInDevice();
    const item = (id: string, tick: number, extra: { deletedAt?: number; payload?: string } = {}) =>
      signedItem(d, 'default', { id, clock: { [d.deviceId]: tick }, payload: envelopeText(200), ...extra });
    const first = await push(d, await Promise.all(Array.from({ length: 20 }, (_, i) => item(`m-${i}`, 1))));
    expect(first.body.rejected).toEqual([]);
    const before = first.body.maxCursor as number;

    const badSig = await item('bad-sig', 1);
    badSig.signature = (await item('other', 1)).signature;
    const badHash = await item('bad-hash', 1);
    badHash.contentHash = '0'.repeat(64);
    const updates = await Promise.all(Array.from({ length: 10 }, (_, i) => item(`m-${i}`, 2)));
    const fresh = await Promise.all(Array.from({ length: 15 }, (_, i) => item(`n-${i}`, 1)));
    const tombstone = await item('t-new', 1, { deletedAt: 1_700_000_000_000 });
    const dupEarly = await item('dup', 1);
    const dupLate = await item('dup', 2);
    // refusals between acceptances, across several of the commit's 8-row statements
    const sent: PushItem[] = [
      ...updates.slice(0, 4),
      await item('m-10', 1), // replay: same clock as stored
      dupEarly,
      ...fresh.slice(0, 7),
      badSig,
      ...updates.slice(4),
      tombstone,
      badHash,
      ...fresh.slice(7),
      dupLate,
    ];
    const res = await push(d, sent);
    expect(res.status).toBe(200);
    const verdicts = new Map(res.body.rejected.map((r) => [`${r.id}:${r.code}`, r.reason]));
    expect([...verdicts.keys()].sort()).toEqual(
      [
        'bad-hash:SYNC_INVALID_ITEM',
        'bad-sig:SYNC_INVALID_SIGNATURE',
        'dup:SYNC_INVALID_ITEM',
        'm-10:SYNC_REPLAY_DETECTED',
      ].sort(),
    );
    const kept = [
      ...updates.slice(0, 4),
      ...fresh.slice(0, 7),
      ...updates.slice(4),
      tombstone,
      ...fresh.slice(7),
      dupLate,
    ];
    expect(res.body.accepted.map((a) => a.id)).toEqual(kept.map((k) => k.id));
    // one block, above every earlier cursor, consecutive in item order
    expect(res.body.accepted.map((a) => a.serverCursor)).toEqual(kept.map((_, i) => before + 1 + i));
    expect(res.body.maxCursor).toBe(before + kept.length);

    const feed = await api<ChangesResponse>(`/sync/changes?cursor=${before}`, { token: d.accessToken });
    expect(feed.body.refs.map((r) => [r.id, r.serverCursor, r.deleted])).toEqual(
      kept.map((k, i) => [k.id, before + 1 + i, k.deletedAt !== null]),
    );
    const pulled = await api<PullResponse>('/sync/pull', {
      token: d.accessToken,
      body: { items: [...kept, { type: 'note', id: 'm-10' }].map((k) => ({ type: 'note', id: k.id })) },
    });
    const rows = new Map(pulled.body.items.map((i) => [i.id, i]));
    for (const [i, k] of kept.entries()) {
      expect(rows.get(k.id)).toMatchObject({
        payload: k.payload,
        contentHash: k.contentHash,
        sizeBytes: k.sizeBytes,
        vectorClock: k.vectorClock,
        deletedAt: k.deletedAt,
        signature: k.signature,
        deleteAttestation: k.deleteAttestation ?? null,
        deviceId: d.deviceId,
        serverCursor: before + 1 + i,
      });
    }
    // the replay left the stored row as it was
    expect(rows.get('m-10')?.vectorClock).toEqual({ [d.deviceId]: 1 });
    // usage counts each current row once: 10 replaced, 10 kept from the first push, 17 new
    const stored = [...rows.values()].reduce((n, r) => n + r.sizeBytes, 0);
    const untouched = first.body.accepted.length - 10 - 1; // m-10 is in `rows` already
    const rest = (
      await api<PullResponse>('/sync/pull', {
        token: d.accessToken,
        body: { items: Array.from({ length: untouched }, (_, i) => ({ type: 'note', id: `m-${11 + i}` })) },
      })
    ).body.items.reduce((n, r) => n + r.sizeBytes, 0);
    const billing = await api<BillingReport>('/auth/billing', { token: d.accessToken });
    expect(billing.body.usage.storageBytes).toBe(stored + rest);
  });
});
