import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, inject, it } from 'vitest';
import { MPAK_KIND, type MpakIndexEntry } from '../../src/sync/protocol/mpakFormat';
import { bytesSource, openMpak, readMpakEntry, verifyMpakPayload } from '../../src/sync/protocol/mpakReader';
import { type PackListEntry, type PackListResponse, PackSnapshotMeta } from '../../src/sync/protocol/packs';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, base, errorCode, signInDevice, type TestDevice } from './helpers';
import { signedItem, signedSnapshot } from './items';

// Pack production (spec 3.6) and the listing (spec 4, 8.1) on the real service: the queue
// consumer runs in the same workerd as the routes (docs/packs.md). The cron sweep alone:
// pack-sweep.test.ts.

const logPath = inject('syncLogPath');
const rnd = (n: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(n))).toString('base64');

async function pushSnapshots(d: TestDevice, notes: { noteId: string; bytes: number }[]) {
  for (let i = 0; i < notes.length; i += 50) {
    const snapshots = await Promise.all(
      notes
        .slice(i, i + 50)
        .map((n) => signedSnapshot(d, 'default', { noteId: n.noteId, snapshot: rnd(n.bytes) })),
    );
    const res = await api<{ results: { accepted: boolean }[] }>('/sync/crdt/snapshot/batch', {
      token: d.accessToken,
      body: { snapshots },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.every((r) => r.accepted)).toBe(true);
  }
}

async function pushRecord(d: TestDevice, spec: Parameters<typeof signedItem>[2]) {
  const res = await api<PushResponse>('/sync/push', {
    token: d.accessToken,
    body: { items: [await signedItem(d, 'default', spec)] },
  });
  expect(res.body.accepted).toHaveLength(1);
}

const list = (d: TestDevice, query = '') =>
  api<PackListResponse>(`/sync/packs${query}`, { token: d.accessToken });

/** Every listed pack, page by page (`limit` a page), newest first. */
async function listAll(d: TestDevice, limit = 50): Promise<PackListEntry[]> {
  const out: PackListEntry[] = [];
  let cursor: number | null = null;
  do {
    const page = await list(d, `?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`);
    expect(page.status).toBe(200);
    out.push(...page.body.packs);
    cursor = page.body.nextCursor;
  } while (cursor !== null);
  return out;
}

/** Polls the listing (every second: sync_packs allows 60 a minute) until it holds `entries` index records in all. */
async function waitForEntries(d: TestDevice, entries: number, kick?: () => Promise<void>) {
  for (;;) {
    const packs = await listAll(d);
    const total = packs.reduce((n, p) => n + p.entryCount, 0);
    if (total >= entries) return packs;
    await kick?.();
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface OpenedPack {
  entries: (MpakIndexEntry & { bytes: Uint8Array })[];
}

async function download(p: PackListEntry): Promise<OpenedPack> {
  const res = await fetch(p.url as string);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(bytes.length).toBe(p.sizeBytes);
  const source = bytesSource(bytes);
  const pack = await openMpak(source);
  if (!pack.ok) throw new Error(pack.error.message);
  expect((await verifyMpakPayload(source, pack.value)).ok).toBe(true);
  const entries = [];
  for (const e of pack.value.entries) {
    const read = await readMpakEntry(source, e);
    if (!read.ok) throw new Error(read.error.message);
    entries.push({ ...e, bytes: read.value });
  }
  return { entries };
}

async function packedIds(d: TestDevice): Promise<string[][]> {
  const packs = await listAll(d);
  return Promise.all(packs.map(async (p) => (await download(p)).entries.map((e) => e.id)));
}

describe('pack production and listing (real workerd: queue consumer, cron sweep)', () => {
  it('queue: a snapshot batch becomes a listed pack holding every snapshot as stored, in pack order', async () => {
    const d = await signInDevice();
    expect((await list(d)).body).toEqual({ packs: [], nextCursor: null });
    const before = Date.now();
    const notes = ['c', 'a', 'e', 'b', 'd'].map((id) => ({
      noteId: `q-${id}`,
      bytes: 200 + id.charCodeAt(0),
    }));
    await pushSnapshots(d, notes);
    const packs = await waitForEntries(d, 5);
    expect(packs).toHaveLength(1);
    const [p] = packs as [PackListEntry];
    expect(p.kind).toBe('crdt_snapshot');
    expect(p.entryCount).toBe(5);
    const { entries } = await download(p);
    // ascending (created_at seconds, note id); sortKey is created_at in epoch seconds
    const order = [...entries].sort((x, y) => Number(x.sortKey - y.sortKey) || (x.id < y.id ? -1 : 1));
    expect(entries.map((e) => e.id)).toEqual(order.map((e) => e.id));
    for (const e of entries) {
      expect(e.kind).toBe(MPAK_KIND.crdt_snapshot);
      expect(Number(e.sortKey)).toBeGreaterThanOrEqual(Math.floor(before / 1000));
      expect(Number(e.sortKey)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      const stored = await api<{
        snapshot: string;
        sequenceNum: number;
        revision: string;
        signature: string;
      }>(`/sync/crdt/snapshot/${e.id}`, { token: d.accessToken });
      expect(Buffer.from(e.bytes).toString('base64')).toBe(stored.body.snapshot);
      const meta = v.parse(PackSnapshotMeta, JSON.parse(e.meta));
      expect(meta).toEqual({
        sequenceNum: stored.body.sequenceNum,
        revision: stored.body.revision,
        signature: stored.body.signature,
      });
      expect(e.key).toContain(`/vaults/default/crdt-snapshots/${e.id}/`);
    }
    expect(p.minCursor).toBe(Number(entries[0]?.sortKey));
    expect(p.maxCursor).toBe(Number(entries[4]?.sortKey));

    // the single snapshot route enqueues too: a second, newer pack with only that note
    const single = await signedSnapshot(d, 'default', { noteId: 'q-single', snapshot: rnd(64) });
    expect((await api('/sync/crdt/snapshot', { token: d.accessToken, body: single })).status).toBe(200);
    const two = await waitForEntries(d, 6);
    expect(two).toHaveLength(2);
    expect((await download(two[0] as PackListEntry)).entries.map((e) => e.id)).toEqual(['q-single']);
    expect(two[0]?.maxCursor).toBeGreaterThanOrEqual(p.maxCursor);
  });

  it('selection: holes (lost, empty, drifted), rows over 8 MB and tombstoned notes are never packed; the watermark passes them; a record push enqueues', async () => {
    const d = await signInDevice();
    await pushRecord(d, { id: 'n-live', clock: { [d.deviceId]: 1 } });
    await pushRecord(d, { id: 'n-dead', clock: { [d.deviceId]: 1 } });
    await pushRecord(d, { id: 'n-dead', clock: { [d.deviceId]: 2 }, deletedAt: 1234 });
    const ids = ['a', 'h-lost', 'h-empty', 'h-drift', 'x-big', 'n-live', 'n-dead', 'n-norow'];
    await pushSnapshots(
      d,
      ids.map((noteId) => ({ noteId, bytes: noteId === 'h-empty' ? 20_000 : 100 })),
    );
    // first build: every snapshot but the tombstoned note's
    const first = await waitForEntries(d, 7);
    const built = (await Promise.all(first.map(download))).flatMap((p) => p.entries);
    expect(built.map((e) => e.id).sort()).toEqual(ids.filter((i) => i !== 'n-dead').sort());
    const keyOf = (id: string) => built.find((e) => e.id === id)?.key as string;

    // make holes and an oversized row, then forget the packs: the next build sees them
    expect(
      (await api('/dev/lose-blob', { token: d.accessToken, body: { key: keyOf('h-lost') } })).status,
    ).toBe(200);
    const emptied = await fetch(`${base}/dev/objects/${keyOf('h-empty')}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${d.accessToken}` },
      body: new Uint8Array(0),
    });
    expect(emptied.status).toBe(200);
    const resize = (noteId: string, sizeBytes: number) =>
      api('/dev/snapshot-size', { token: d.accessToken, body: { vaultId: 'default', noteId, sizeBytes } });
    expect((await resize('h-drift', 101)).status).toBe(200);
    expect((await resize('x-big', 8 * 1024 * 1024 + 1)).status).toBe(200);
    expect(
      (await api('/dev/packs/reset', { token: d.accessToken, body: { vaultId: 'default' } })).status,
    ).toBe(200);
    expect(await listAll(d)).toEqual([]);

    // a record push (no snapshot) enqueues a message: the rebuild holds only the good rows
    await pushRecord(d, { id: 'n-trigger', clock: { [d.deviceId]: 1 } });
    await waitForEntries(d, 3);
    expect((await packedIds(d)).map((p) => [...p].sort())).toEqual([['a', 'n-live', 'n-norow']]);

    // the watermark moved past the holes and skips: the next pack holds only the new snapshot
    await pushSnapshots(d, [{ noteId: 'z', bytes: 50 }]);
    await waitForEntries(d, 4);
    const after = await packedIds(d);
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual(['z']);
  });

  it('listing: newest first, paged by nextCursor, bad paging refused; every snapshot packed exactly once', async () => {
    const d = await signInDevice();
    const notes = Array.from({ length: 3 * 256 + 40 }, (_, i) => ({
      noteId: `s-${String(i).padStart(4, '0')}`,
      bytes: 40,
    }));
    await pushSnapshots(d, notes);
    const packs = await waitForEntries(d, notes.length);
    expect(packs.length).toBeGreaterThanOrEqual(4);
    // every snapshot exactly once, across the packs
    const all = (await packedIds(d)).flat();
    expect(all.sort()).toEqual(notes.map((n) => n.noteId).sort());

    // paging: one a page gives the same packs in the same order; newest (highest range) first
    const onePerPage = await listAll(d, 1);
    expect(onePerPage.map((p) => [p.minCursor, p.maxCursor, p.entryCount])).toEqual(
      packs.map((p) => [p.minCursor, p.maxCursor, p.entryCount]),
    );
    for (let i = 1; i < packs.length; i++) {
      expect((packs[i - 1] as PackListEntry).maxCursor).toBeGreaterThanOrEqual(
        (packs[i] as PackListEntry).maxCursor,
      );
    }
    const firstTwo = await list(d, '?limit=2');
    expect(firstTwo.body.packs).toHaveLength(2);
    expect(firstTwo.body.nextCursor).not.toBeNull();
    for (const bad of ['?limit=0', '?limit=101', '?limit=x', '?cursor=-1', '?cursor=abc']) {
      const res = await list(d, bad);
      expect(res.status, bad).toBe(400);
      expect(errorCode(res)).toBe('VALIDATION_ERROR');
    }
  });

  it('pack URLs: expiring, Range answered, no session and no bucket; sync_packs is its own bucket, never elevated', async () => {
    const d = await signInDevice();
    await pushSnapshots(d, [{ noteId: 'u-1', bytes: 3000 }]);
    const [p] = (await waitForEntries(d, 1)) as [PackListEntry];
    const url = new URL(p.url as string);
    expect(p.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(p.expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    const whole = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const part = await fetch(url, { headers: { range: 'bytes=100-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-${whole.length - 1}/${whole.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.subarray(100));
    const past = await fetch(url, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.status).toBe(416);
    await past.body?.cancel();

    // the same object signed 16 minutes ago: refused as expired
    const key = decodeURIComponent(url.pathname.slice('/objects/'.length));
    const old = await api<{ url: string }>('/dev/objects/presign', {
      token: d.accessToken,
      body: { key, asOfMs: Date.now() - 16 * 60_000 },
    });
    const expired = await api(new URL(old.body.url).pathname + new URL(old.body.url).search);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('expired');

    // the listing's bucket at its ceiling: 429 sync_packs, a bootstrap token does not raise it,
    // and the signed URL still answers (it spends no bucket)
    const full = await api('/dev/rate-windows/sync_packs', {
      method: 'PUT',
      token: d.accessToken,
      body: { count: 60 },
    });
    expect(full.status).toBe(200);
    const opened = await api<{ token: string }>('/sync/bootstrap', { token: d.accessToken, body: {} });
    expect(opened.status).toBe(200);
    const refused = await api('/sync/packs', {
      token: d.accessToken,
      headers: { 'x-svc-bootstrap-token': opened.body.token },
    });
    expect(refused.status).toBe(429);
    expect(errorCode(refused)).toBe('RATE_LIMITED');
    expect((refused.body as { error: { bucket: string } }).error.bucket).toBe('sync_packs');
    expect((await fetch(url)).status).toBe(200);
    // no URL of a pack reaches the service log
    expect(readFileSync(logPath, 'utf8')).not.toContain(url.searchParams.get('sig') as string);
  });

  it('isolation: another account lists none of these packs and cannot fetch them by a forged URL', async () => {
    const a = await signInDevice();
    const b = await signInDevice();
    await pushSnapshots(a, [{ noteId: 'iso-1', bytes: 100 }]);
    const [p] = (await waitForEntries(a, 1)) as [PackListEntry];
    expect((await list(b)).body).toEqual({ packs: [], nextCursor: null });
    // B names A's vault the only way it can: its own 'default' (vaults are per account)
    const named = await api<PackListResponse>('/sync/packs', {
      token: b.accessToken,
      headers: { 'x-svc-vault-id': 'default' },
    });
    expect(named.body.packs).toEqual([]);
    // a URL for A's key signed under another key, or with its signature moved to another key: refused
    const url = new URL(p.url as string);
    const forged = new URL(url);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await fetch(forged)).status).toBe(403);
    const moved = new URL(url);
    moved.pathname = url.pathname.replace(a.userId, b.userId);
    expect((await fetch(moved)).status).toBe(403);
    // B cannot have A's object signed for it either
    const key = decodeURIComponent(url.pathname.slice('/objects/'.length));
    const signed = await api('/dev/objects/presign', { token: b.accessToken, body: { key } });
    expect(signed.status).toBe(404);
  });
});
