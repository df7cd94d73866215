import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ChangesResponse } from '../../src/sync/protocol/changes';
import { MPAK_KIND, type MpakIndexEntry } from '../../src/sync/protocol/mpakFormat';
import { bytesSource, openMpak, readMpakEntry, verifyMpakPayload } from '../../src/sync/protocol/mpakReader';
import { type PackListEntry, type PackListResponse, PackRecordMeta } from '../../src/sync/protocol/packs';
import type { PullResponse } from '../../src/sync/protocol/pull';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, signInDevice, type TestDevice } from './helpers';
import { signedItem, signedSnapshot } from './items';

// Record packs (docs/packs.md "Record packs"): the vault's changes feed in packs, built by the
// queue consumer on the real service, listed only to a client that asks with `kinds=`.

const rnd = (n: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(n))).toString('base64');
const TYPES = { 'x-svc-sync-types': 'note,task,note_body' };

async function pushNotes(d: TestDevice, ids: string[], clock = 1) {
  for (let i = 0; i < ids.length; i += 100) {
    const items = await Promise.all(
      ids.slice(i, i + 100).map((id) => signedItem(d, 'default', { id, clock: { [d.deviceId]: clock } })),
    );
    const res = await api<PushResponse>('/sync/push', { token: d.accessToken, body: { items } });
    expect(res.body.accepted).toHaveLength(items.length);
  }
}

const listKinds = async (d: TestDevice, kinds: string | null) => {
  const res = await api<PackListResponse>(`/sync/packs${kinds === null ? '' : `?kinds=${kinds}`}`, {
    token: d.accessToken,
  });
  expect(res.status).toBe(200);
  return res.body.packs;
};

async function waitForRecordPacks(d: TestDevice, count: number): Promise<PackListEntry[]> {
  for (;;) {
    const packs = await listKinds(d, 'records');
    if (packs.length >= count) return packs;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function download(p: PackListEntry) {
  const bytes = new Uint8Array(await (await fetch(p.url as string)).arrayBuffer());
  const source = bytesSource(bytes);
  const pack = await openMpak(source);
  if (!pack.ok) throw new Error(pack.error.message);
  expect((await verifyMpakPayload(source, pack.value)).ok).toBe(true);
  const out: (MpakIndexEntry & { bytes: Uint8Array })[] = [];
  for (const e of pack.value.entries) {
    const read = await readMpakEntry(source, e);
    if (!read.ok) throw new Error(read.error.message);
    out.push({ ...e, bytes: read.value });
  }
  return out;
}

/** The whole feed from cursor 0 as (cursor, kind, id), as a fresh device reads it. */
async function feed(d: TestDevice) {
  const out: { cursor: number; kind: number; id: string }[] = [];
  let cursor = 0;
  for (;;) {
    const page = await api<ChangesResponse>(`/sync/changes?cursor=${cursor}`, {
      token: d.accessToken,
      headers: TYPES,
    });
    expect(page.status).toBe(200);
    for (const r of page.body.refs) out.push({ cursor: r.serverCursor, kind: 0, id: `${r.type}:${r.id}` });
    for (const b of page.body.noteBodies ?? [])
      out.push({ cursor: b.serverCursor, kind: b.kind === 'snapshot' ? 1 : 2, id: b.noteId });
    if (page.body.refs.length + (page.body.noteBodies?.length ?? 0) === 0) break;
    cursor = page.body.nextCursor;
  }
  return out.sort((a, b) => a.cursor - b.cursor);
}

describe('record packs (real workerd: queue consumer)', () => {
  it('a full window of the feed becomes a records pack equal to the feed: records as pulled, bodies as listed; packs chain; only asked kinds are listed', async () => {
    const d = await signInDevice();
    const ids = Array.from({ length: 240 }, (_, i) => `rp-${String(i).padStart(3, '0')}`);
    await pushNotes(d, ids);
    // a body update inline (small) and one by reference (over 4 KiB), and snapshots
    for (const bytes of [8, 5000]) {
      const res = await api('/sync/crdt/updates', {
        token: d.accessToken,
        body: { noteId: 'rp-000', update: rnd(bytes) },
      });
      expect(res.status).toBe(200);
    }
    const snapshots = await Promise.all(
      ids.slice(10, 20).map((noteId) => signedSnapshot(d, 'default', { noteId, snapshot: rnd(100) })),
    );
    expect(
      (await api('/sync/crdt/snapshot/batch', { token: d.accessToken, body: { snapshots } })).status,
    ).toBe(200);
    // an update of a note and a delete: their rows move up the feed
    await pushNotes(d, ['rp-001'], 2);
    const del = await api<PushResponse>('/sync/push', {
      token: d.accessToken,
      body: {
        items: [await signedItem(d, 'default', { id: 'rp-002', clock: { [d.deviceId]: 2 }, deletedAt: 99 })],
      },
    });
    expect(del.body.accepted).toHaveLength(1);
    // 240 records, 2 updates, 10 snapshots, then 3 records: 255 feed entries, below a full window:
    // no records pack is built
    await pushNotes(d, ['rp-x1', 'rp-x2', 'rp-x3']);
    await new Promise((r) => setTimeout(r, 5000));
    expect(await listKinds(d, 'records')).toEqual([]);
    await pushNotes(d, ['rp-x4', 'rp-x5']);
    const [pack] = (await waitForRecordPacks(d, 1)) as [PackListEntry];

    const wanted = (await feed(d)).slice(0, 256);
    expect(pack.kind).toBe('records');
    expect(pack.fromCursor).toBe(0);
    expect(pack.entryCount).toBe(256);
    expect(pack.minCursor).toBe(wanted[0]?.cursor);
    expect(pack.maxCursor).toBe(wanted[255]?.cursor);
    const entries = await download(pack);
    expect(entries.map((e) => ({ cursor: Number(e.sortKey), kind: e.kind, id: e.id }))).toEqual(wanted);

    // each record entry is the row as POST /sync/pull answers it (the tombstone included)
    const records = entries.filter((e) => e.kind === MPAK_KIND.record);
    const pulled = new Map<string, PullResponse['items'][number]>();
    for (let i = 0; i < records.length; i += 100) {
      const res = await api<PullResponse>('/sync/pull', {
        token: d.accessToken,
        headers: TYPES,
        body: { items: records.slice(i, i + 100).map((e) => ({ type: 'note', id: e.id.slice(5) })) },
      });
      for (const item of res.body.items) pulled.set(item.id, item);
    }
    for (const e of records) {
      const meta = v.parse(PackRecordMeta, JSON.parse(e.meta));
      const item = pulled.get(meta.id);
      expect(item, meta.id).toBeDefined();
      const { payload, serverCursor, ...rest } = item as NonNullable<typeof item>;
      expect(meta).toEqual(rest);
      expect(Buffer.from(e.bytes).toString('utf8')).toBe(payload);
      expect(Number(e.sortKey)).toBe(serverCursor);
    }
    expect(records.find((e) => e.id === 'note:rp-002')?.meta).toContain('"deletedAt":99');
    // bodies: the small update's bytes, the large one by reference, snapshots by reference
    const updates = entries.filter((e) => e.kind === MPAK_KIND.crdt_update);
    expect(updates.map((u) => u.bytes.length)).toEqual([8, 0]);
    expect(JSON.parse(updates[1]?.meta as string)).toEqual({
      sequenceNum: expect.any(Number),
      sizeBytes: 5000,
    });
    const snaps = entries.filter((e) => e.kind === MPAK_KIND.crdt_snapshot);
    expect(snaps).toHaveLength(10);
    for (const s of snaps) {
      expect(s.bytes.length).toBe(0);
      expect(JSON.parse(s.meta)).toEqual({ sequenceNum: expect.any(Number), revision: expect.any(String) });
    }

    // listed only when asked: no kinds is the spec's crdt_snapshot only; unknown names are ignored
    expect((await listKinds(d, null)).map((p) => p.kind)).toEqual(['crdt_snapshot']);
    expect((await listKinds(d, 'crdt_snapshot,records')).map((p) => p.kind).sort()).toEqual([
      'crdt_snapshot',
      'records',
    ]);
    expect(await listKinds(d, 'nope')).toEqual([]);

    // the next full window chains on: its fromCursor is this pack's maxCursor
    await pushNotes(
      d,
      Array.from({ length: 300 }, (_, i) => `rp-y${i}`),
    );
    const two = await waitForRecordPacks(d, 2);
    expect(two[0]?.fromCursor).toBe(pack.maxCursor);
    expect(two[1]).toEqual({ ...pack, url: expect.any(String), expiresAt: expect.any(Number) });
  });

  it('a record whose object is lost is a reference with no bytes; the rest of the window packs', async () => {
    const d = await signInDevice();
    const ids = Array.from({ length: 260 }, (_, i) => `lost-${i}`);
    await pushNotes(d, ids);
    const [first] = (await waitForRecordPacks(d, 1)) as [PackListEntry];
    const entries = await download(first);
    const victim = entries[5] as MpakIndexEntry;
    expect((await api('/dev/lose-blob', { token: d.accessToken, body: { key: victim.key } })).status).toBe(
      200,
    );
    expect(
      (await api('/dev/packs/reset', { token: d.accessToken, body: { vaultId: 'default' } })).status,
    ).toBe(200);
    await pushNotes(d, ['lost-trigger']);
    const [again] = (await waitForRecordPacks(d, 1)) as [PackListEntry];
    const rebuilt = await download(again);
    expect(rebuilt.map((e) => e.id)).toEqual(entries.map((e) => e.id));
    const ref = rebuilt[5] as MpakIndexEntry & { bytes: Uint8Array };
    expect(ref.bytes.length).toBe(0);
    expect(JSON.parse(ref.meta)).toEqual({ type: 'note', id: victim.id.slice(5), ref: true });
    expect(rebuilt.filter((e) => e.bytes.length > 0)).toHaveLength(255);
  });
});
