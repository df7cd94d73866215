import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PACK_SEED_REPORT,
  PACK_SEED_SETTLE_PENDING,
  PACK_SEEDED_PREFIX,
} from '../../../src/sync/engine/packs/packPorts';
import { MPAK_KIND } from '../../../src/sync/protocol/mpakFormat';
import { bytesSource, openMpak, readMpakEntry } from '../../../src/sync/protocol/mpakReader';
import { encodeMpakBytes } from '../../../src/sync/protocol/mpakWriter';
import type { PackListResponse } from '../../../src/sync/protocol/packs';
import { sha256HexSync, snapshotSigningBytes } from '../../../src/sync/protocol/signing';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, joinAccount, openDevice, value } from './syncDevice';

/**
 * The pack bootstrap of a fresh device (spec 3.7, 7; docs/packs.md) against the real local
 * service, whose queue consumer builds the packs: A writes the vault, each other device joins it
 * fresh. The fallbacks are made in transit (the device's fetch) or by the service's dev routes.
 */
let service: SharedSyncService;
let a: Device;
let email: string;
let recoveryKey: string;
let syncVaultId: string;
const ids: string[] = [];
const texts = new Map<string, string>();
const opened: Device[] = [];
const N = 24;

async function listing(d: Device): Promise<PackListResponse> {
  const call = await d.sync.accountCall();
  return value<PackListResponse>(await call('GET', '/sync/packs?limit=50', { vaultId: syncVaultId }));
}

beforeAll(async () => {
  service = await sharedSyncService();
  const made = await devicesOfOneAccount(service.url, 'packs', ['A'] as const);
  [a] = made.devices;
  email = made.email;
  recoveryKey = made.recoveryKey;
  for (let i = 0; i < N; i++) {
    const markdown = `# Note ${i}\n\nbody of note ${i}, ${'words '.repeat(i)}`;
    const id = value<{ id: string }>(await a.notes.create({ title: `Note ${i}`, markdown })).id;
    ids.push(id);
    texts.set(id, markdown);
  }
  await a.sync.syncNow();
  syncVaultId = (await a.db.syncState.get('syncVaultId'))?.value as string;
  // the service packs a snapshot once it is 3 s old (docs/packs.md): wait for all N entries
  for (;;) {
    const packs = (await listing(a)).packs;
    if (packs.reduce((n, p) => n + p.entryCount, 0) >= N) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
}, 120_000);

afterAll(async () => {
  for (const d of [a, ...opened]) await d?.close();
});

/** A new device of the account, joined and synced once. */
async function freshDevice(options: Parameters<typeof openDevice>[2] = {}): Promise<Device> {
  const d = await openDevice(service.url, `F${opened.length}`, { packs: true, ...options });
  opened.push(d);
  await joinAccount(d, email, recoveryKey);
  return d;
}

const snapshotGets = (d: Device) =>
  ids.filter((id) => d.requests.includes(`GET /sync/crdt/snapshot/${encodeURIComponent(id)}`));

async function expectEverything(d: Device) {
  for (const id of ids) expect((await d.db.bodies.get(id))?.markdown, id).toBe(texts.get(id));
  expect((await d.sync.state()).status.phase).toBe('synced');
}

async function seedRows(d: Device) {
  return d.db.syncState.where('key').startsWith(PACK_SEEDED_PREFIX).count();
}

/** The pack's bytes as the service holds them, fetched from its signed URL. */
async function realBytes(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

/** A Response whose body is made from the real pack's bytes (the stream is built on first read). */
function answered(url: string, make: (bytes: Uint8Array) => ReadableStream<Uint8Array>): Response {
  let inner: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        inner ??= make(await realBytes(url)).getReader();
        try {
          const { done, value: chunk } = await inner.read();
          if (done) controller.close();
          else controller.enqueue(chunk);
        } catch (err) {
          controller.error(err);
        }
      },
    }),
    { status: 200 },
  );
}

describe('pack bootstrap of a fresh device', () => {
  it('seeds every body from packs, with no baseline GET, and ends equal to a device on the item path', async () => {
    const b = await freshDevice();
    await b.sync.syncNow();
    await expectEverything(b);
    expect(b.requests.some((r) => r.startsWith('GET /objects/'))).toBe(true);
    expect(snapshotGets(b)).toEqual([]);
    const report = (await b.db.syncState.get(PACK_SEED_REPORT))?.value as { notes: number; packs: number };
    expect(report.notes).toBe(N);
    expect(report.packs).toBeGreaterThanOrEqual(1);
    // settled after the pull delivered: the durability rows are gone
    expect(await seedRows(b)).toBe(0);
    expect((await b.db.syncState.get(PACK_SEED_SETTLE_PENDING))?.value).toBeUndefined();

    const c = await freshDevice({ packs: false });
    await c.sync.syncNow();
    await expectEverything(c);
    expect(c.requests.some((r) => r.startsWith('GET /sync/packs'))).toBe(false);
    expect(snapshotGets(c)).toEqual(ids);
    // the same text and the same marks on both devices
    for (const id of ids) {
      expect((await b.db.bodies.get(id))?.markdown).toBe((await c.db.bodies.get(id))?.markdown);
      expect((await b.db.crdtMarks.get(id))?.revision).toBe((await c.db.crdtMarks.get(id))?.revision);
    }
    // a later sync of the seeded device lists no packs again (it is no longer fresh)
    const before = b.requests.length;
    await b.sync.syncNow();
    expect(b.requests.slice(before).some((r) => r.startsWith('GET /sync/packs'))).toBe(false);
  }, 120_000);

  it('resumes a transfer cut midway with Range from the bytes it has', async () => {
    const ranges: string[] = [];
    let cut = false;
    const d = await freshDevice({
      beforeFetch: async (_m, path, init) => {
        const range = (init?.headers as Record<string, string> | undefined)?.range;
        if (path.startsWith('/objects/') && range) ranges.push(range);
      },
    });
    d.answerFor((method, path, url) => {
      if (method !== 'GET' || !path.startsWith('/objects/') || cut) return null;
      cut = true;
      return answered(url, (bytes) => {
        const half = Math.floor(bytes.length / 2);
        let sent = false;
        return new ReadableStream({
          pull(controller) {
            if (sent) controller.error(new TypeError('connection reset'));
            else controller.enqueue(bytes.slice(0, half));
            sent = true;
          },
        });
      });
    });
    await d.sync.syncNow();
    expect(cut).toBe(true);
    expect(ranges.length).toBe(1);
    expect(ranges[0]).toMatch(/^bytes=[1-9]\d*-$/);
    await expectEverything(d);
    expect(snapshotGets(d)).toEqual([]);
  }, 60_000);

  it('a corrupted pack is discarded and its notes come by the item path', async () => {
    const d = await freshDevice();
    d.answerFor((method, path, url) => {
      if (method !== 'GET' || !path.startsWith('/objects/')) return null;
      return answered(url, (bytes) => {
        const bad = bytes.slice();
        bad[8 + 20] = (bad[8 + 20] as number) ^ 0xff; // a payload byte: the footer digest no longer matches
        return new Blob([bad]).stream();
      });
    });
    await d.sync.syncNow();
    await expectEverything(d);
    expect(snapshotGets(d)).toEqual(ids);
    expect((await d.db.syncState.get(PACK_SEED_REPORT))?.value).toBeUndefined();
    expect(await seedRows(d)).toBe(0);
  }, 60_000);

  it('a URL that expired at the service is skipped and its notes come by the item path', async () => {
    // each pack's object, signed by the service as of 20 minutes ago (its listing says 15 min later)
    const byPath = new Map<string, string>();
    const call = await a.sync.accountCall();
    for (const p of (await listing(a)).packs) {
      if (!p.url) continue;
      const path = new URL(p.url).pathname;
      const key = decodeURIComponent(path.slice('/objects/'.length));
      const signed = value<{ url: string }>(
        await call('POST', '/dev/objects/presign', { body: { key, asOfMs: Date.now() - 20 * 60_000 } }),
      );
      byPath.set(path, signed.url);
    }
    const objectAnswers: string[] = [];
    const d = await freshDevice({
      rewriteResponse: (method, path, body) => {
        if (path.startsWith('/objects/')) objectAnswers.push(method);
        if (method !== 'GET' || path !== '/sync/packs') return body;
        const page = JSON.parse(body) as PackListResponse;
        for (const p of page.packs) if (p.url) p.url = byPath.get(new URL(p.url).pathname) ?? p.url;
        return JSON.stringify(page);
      },
    });
    await d.sync.syncNow();
    expect(d.requests.some((r) => r.startsWith('GET /objects/'))).toBe(true);
    await expectEverything(d);
    expect(snapshotGets(d)).toEqual(ids);
    expect(await seedRows(d)).toBe(0);
  }, 60_000);

  it('a 404 listing (an older server) leaves the whole run to the item path', async () => {
    const d = await freshDevice();
    d.answerFor((method, path) =>
      method === 'GET' && path === '/sync/packs'
        ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no such route' } }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          })
        : null,
    );
    await d.sync.syncNow();
    expect(d.requests.some((r) => r.startsWith('GET /objects/'))).toBe(false);
    await expectEverything(d);
    expect(snapshotGets(d)).toEqual(ids);
  }, 60_000);

  it('an entry signed by a key the account does not know falls back to its item GET alone', async () => {
    const intruder = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    let forged: string | null = null;
    const d = await freshDevice();
    d.answerFor((method, path, url) => {
      if (method !== 'GET' || !path.startsWith('/objects/')) return null;
      return answered(url, (bytes) => {
        const out = new TransformStream<Uint8Array, Uint8Array>();
        void (async () => {
          const source = bytesSource(bytes);
          const pack = await openMpak(source);
          if (!pack.ok) throw new Error(pack.error.message);
          const entries = [];
          for (const e of pack.value.entries) {
            const read = await readMpakEntry(source, e);
            if (!read.ok) throw new Error(read.error.message);
            let meta = e.meta;
            if (forged === null && e.kind === MPAK_KIND.crdt_snapshot) {
              forged = e.id;
              const fields = {
                vaultId: syncVaultId,
                noteId: e.id,
                deviceId: 'intruder-device',
                contentHash: sha256HexSync(read.value),
                sizeBytes: read.value.length,
              };
              const sig = new Uint8Array(
                await crypto.subtle.sign(
                  'Ed25519',
                  intruder.privateKey,
                  snapshotSigningBytes(fields) as BufferSource,
                ),
              );
              meta = JSON.stringify({
                ...JSON.parse(e.meta),
                signature: Buffer.from(sig).toString('base64'),
              });
            }
            entries.push({ kind: e.kind, id: e.id, key: e.key, sortKey: e.sortKey, meta, bytes: read.value });
          }
          const writer = out.writable.getWriter();
          await writer.write(encodeMpakBytes(entries));
          await writer.close();
        })();
        return out.readable;
      });
    });
    await d.sync.syncNow();
    expect(forged).not.toBeNull();
    await expectEverything(d);
    // the forged entry, and it alone, was fetched by its item GET
    expect(snapshotGets(d)).toEqual([forged]);
    const report = (await d.db.syncState.get(PACK_SEED_REPORT))?.value as { notes: number };
    expect(report.notes).toBe(N - 1);
  }, 60_000);

  it('a crash between apply and settle: the seed rows survive, and the next full sync whose pull delivers settles them', async () => {
    const d = await freshDevice();
    // the pull fails (the tab died before it delivered): nothing settles
    d.refuse((method, path) => method === 'GET' && path === '/sync/changes');
    await d.sync.syncNow();
    expect(await seedRows(d)).toBe(N);
    expect((await d.db.syncState.get(PACK_SEED_SETTLE_PENDING))?.value).toBe(true);
    // the seeded bodies wait as CRDT state for their records (never seeded from local markdown)
    for (const id of ids) expect(await d.db.notes.get(id)).toBeUndefined();
    d.refuse(null);
    await d.sync.syncNow();
    expect(await seedRows(d)).toBe(0);
    expect((await d.db.syncState.get(PACK_SEED_SETTLE_PENDING))?.value).toBeUndefined();
    await expectEverything(d);
    expect(snapshotGets(d)).toEqual([]);
  }, 60_000);
});
