import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import {
  ATTACHMENT_CHUNK_MAX_BYTES,
  type ChunkUploadResponse,
  type PresignBatchResponse,
} from '../../src/sync/protocol/attachments';
import type { BootstrapOpenResponse } from '../../src/sync/protocol/bootstrap';
import type { BillingReport } from '../../src/sync/protocol/plans';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, base, errorCode, signInDevice, type TestDevice } from './helpers';
import { signedItem } from './items';

const logPath = inject('syncLogPath');
const DAY = 86_400_000;
const MB = 1024 * 1024;
const VAULT = '0a770000-0000-4000-8000-00000000a001';
const OTHER_VAULT = '0a770000-0000-4000-8000-00000000a002';

/** A device of a new account with both test vaults registered (requests naming them resolve). */
async function vaultDevice(): Promise<TestDevice> {
  const d = await signInDevice();
  for (const vaultId of [VAULT, OTHER_VAULT]) {
    const res = await api('/sync/vaults', {
      token: d.accessToken,
      body: { vaultId, encryptedName: 'AAAA', nameNonce: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(res.status).toBe(200);
  }
  return d;
}

const bytesOf = (n: number, seed = 1): Uint8Array<ArrayBuffer> =>
  Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed * 13) % 256);
const hexOf = async (b: Uint8Array<ArrayBuffer>) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', b))]
    .map((x) => x.toString(16).padStart(2, '0'))
    .join('');

interface UploadOpts {
  fileId?: string;
  fileSize?: number;
  vault?: string;
  hash?: string;
}
async function upload(d: TestDevice, bytes: Uint8Array<ArrayBuffer>, opts: UploadOpts = {}) {
  const hash = opts.hash ?? (await hexOf(bytes));
  const res = await api<ChunkUploadResponse>(`/sync/attachments/chunks/${hash}`, {
    method: 'PUT',
    token: d.accessToken,
    rawBody: bytes,
    headers: {
      'x-svc-vault-id': opts.vault ?? VAULT,
      'x-svc-attachment-id': opts.fileId ?? 'file-1',
      'x-svc-file-size': String(opts.fileSize ?? bytes.length),
    },
  });
  return { ...res, hash };
}
const presign = (d: TestDevice, hashes: string[], vault = VAULT, headers: Record<string, string> = {}) =>
  api<PresignBatchResponse>('/sync/attachments/presign-batch', {
    token: d.accessToken,
    headers: { 'x-svc-vault-id': vault, ...headers },
    body: { hashes },
  });
const usage = async (d: TestDevice) =>
  (await api<BillingReport>('/auth/billing', { token: d.accessToken })).body.usage.storageBytes;
const storedChunks = async (d: TestDevice) =>
  (await api<{ keys: string[] }>('/dev/blobs', { token: d.accessToken })).body.keys.filter((k) =>
    k.includes('/chunks/'),
  );
/** Pushes a signed `attachment_manifest` record (a tombstone when `deletedAt` is set). */
const pushManifest = async (d: TestDevice, id: string, version: number, deletedAt: number | null = null) => {
  const item = await signedItem(d, VAULT, {
    type: 'attachment_manifest',
    id,
    clock: { [d.deviceId]: version },
    deletedAt,
  });
  const res = await api<PushResponse>('/sync/push', {
    token: d.accessToken,
    headers: { 'x-svc-vault-id': VAULT },
    body: { items: [item] },
  });
  expect(res.body.accepted).toHaveLength(1);
};
const entitlement = (d: TestDevice, body: Record<string, unknown>) =>
  api('/dev/entitlement', { token: d.accessToken, body: { status: 'active', ...body } });

describe('attachment chunk upload (real workerd)', () => {
  it('stores a chunk once under the account and vault, counts its bytes, and a re-upload stores nothing', async () => {
    const d = await vaultDevice();
    const body = bytesOf(5000);
    const first = await upload(d, body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ hash: first.hash, size: 5000, stored: true });
    expect(await storedChunks(d)).toEqual([`${d.userId}/vaults/${VAULT}/chunks/${first.hash}`]);
    expect(await usage(d)).toBe(5000);

    const again = await upload(d, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ hash: first.hash, size: 5000, stored: false });
    expect(await usage(d)).toBe(5000);

    // the signed URL serves the very bytes
    const signed = await presign(d, [first.hash]);
    expect(signed.status).toBe(200);
    const [chunk] = signed.body.urls;
    expect(chunk).toMatchObject({ hash: first.hash, size: 5000 });
    const got = await fetch(chunk?.url as string);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(body);
  });

  it('refuses a body whose SHA-256 is not the hash, a malformed hash or headers, and an over-size body; nothing is stored', async () => {
    const d = await vaultDevice();
    const wrong = await upload(d, bytesOf(100), { hash: 'ab'.repeat(32) });
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong)).toBe('VALIDATION_ERROR');
    expect(errorCode(await upload(d, bytesOf(100), { hash: 'AB'.repeat(32) }))).toBe('VALIDATION_ERROR');
    expect(errorCode(await upload(d, bytesOf(100), { fileId: '' }))).toBe('VALIDATION_ERROR');
    const noSize = await api(`/sync/attachments/chunks/${await hexOf(bytesOf(100))}`, {
      method: 'PUT',
      token: d.accessToken,
      rawBody: bytesOf(100),
      headers: { 'x-svc-vault-id': VAULT, 'x-svc-attachment-id': 'f' },
    });
    expect(errorCode(noSize)).toBe('VALIDATION_ERROR');
    const big = await upload(d, bytesOf(ATTACHMENT_CHUNK_MAX_BYTES + 1));
    expect(big.status).toBe(413);
    expect(errorCode(big)).toBe('VALIDATION_ERROR');
    expect(await storedChunks(d)).toEqual([]);
    expect(await usage(d)).toBe(0);
  });

  it("enforces the plan's file limit from the declared size and from the file's stored chunks", async () => {
    const d = await vaultDevice();
    await entitlement(d, { plan: 'plus' });
    const declared = await upload(d, bytesOf(100), { fileSize: 15 * MB + 1 });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ error: { code: 'STORAGE_FILE_TOO_LARGE', limitBytes: 15 * MB } });
    expect((await upload(d, bytesOf(100), { fileSize: 15 * MB })).status).toBe(200);

    // 3000 bytes a file, plus one chunk's sealing allowance (4096): a third 3000-byte chunk is over
    const e = await vaultDevice();
    await entitlement(e, { plan: 'plus', fileLimitBytes: 3000 });
    expect((await upload(e, bytesOf(3000, 1), { fileSize: 2900 })).body.stored).toBe(true);
    expect((await upload(e, bytesOf(3000, 2), { fileSize: 2900 })).body.stored).toBe(true);
    const third = await upload(e, bytesOf(3000, 3), { fileSize: 2900 });
    expect(third.status).toBe(413);
    expect(errorCode(third)).toBe('STORAGE_FILE_TOO_LARGE');
    expect(await storedChunks(e)).toHaveLength(2);
    expect(await usage(e)).toBe(6000);
    // a new version of the file (same id, chunks uploaded after its manifest committed) has its own
    await pushManifest(e, 'file-1', 1);
    expect((await upload(e, bytesOf(3000, 6), { fileSize: 2900 })).body.stored).toBe(true);
    expect((await upload(e, bytesOf(3000, 7), { fileSize: 2900 })).body.stored).toBe(true);
    expect(errorCode(await upload(e, bytesOf(3000, 8), { fileSize: 2900 }))).toBe('STORAGE_FILE_TOO_LARGE');
    // another file has its own allowance
    expect((await upload(e, bytesOf(3000, 3), { fileId: 'file-2', fileSize: 2900 })).body.stored).toBe(true);
    // Pro and Believer: 200 MB
    await entitlement(e, { plan: 'pro' });
    expect(errorCode(await upload(e, bytesOf(10, 4), { fileSize: 200 * MB + 1 }))).toBe(
      'STORAGE_FILE_TOO_LARGE',
    );
    expect((await upload(e, bytesOf(10, 4), { fileId: 'big', fileSize: 200 * MB })).status).toBe(200);
  });

  it('refuses a chunk past the storage quota with STORAGE_QUOTA_EXCEEDED; a held chunk still answers', async () => {
    const d = await vaultDevice();
    await entitlement(d, { plan: 'plus', storageLimitBytes: 5000 });
    const held = await upload(d, bytesOf(4000));
    expect(held.body.stored).toBe(true);
    const over = await upload(d, bytesOf(2000, 5));
    expect(over.status).toBe(507);
    expect(errorCode(over)).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(await storedChunks(d)).toEqual([`${d.userId}/vaults/${VAULT}/chunks/${held.hash}`]);
    expect(await usage(d)).toBe(4000);
    expect((await upload(d, bytesOf(4000))).body).toEqual({ hash: held.hash, size: 4000, stored: false });
  });

  it('concurrent uploads cannot pass the quota or the file limit together; refused objects are deleted', async () => {
    const d = await vaultDevice();
    await entitlement(d, { plan: 'plus', storageLimitBytes: 5000 });
    const quota = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => upload(d, bytesOf(3000, 20 + i), { fileId: `q${i}` })),
    );
    expect(quota.filter((r) => r.status === 200)).toHaveLength(1);
    expect(quota.filter((r) => errorCode(r) === 'STORAGE_QUOTA_EXCEEDED')).toHaveLength(5);
    expect(await usage(d)).toBe(3000);
    expect(await storedChunks(d)).toHaveLength(1);

    // one file's allowance: 3000 + 4096 bytes, so at most two 3000-byte chunks of it
    const e = await vaultDevice();
    await entitlement(e, { plan: 'plus', fileLimitBytes: 3000 });
    const file = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => upload(e, bytesOf(3000, 40 + i), { fileSize: 2900 })),
    );
    expect(file.filter((r) => r.status === 200)).toHaveLength(2);
    expect(file.filter((r) => errorCode(r) === 'STORAGE_FILE_TOO_LARGE')).toHaveLength(4);
    expect(await usage(e)).toBe(6000);
    expect(await storedChunks(e)).toHaveLength(2);
  });

  it("passes the platform write gate: a disabled platform's upload is refused and stores nothing", async () => {
    const d = await vaultDevice();
    const policy = (writesEnabled: boolean) =>
      api('/dev/client-policies/android', {
        method: 'PUT',
        token: d.accessToken,
        body: { minWriteVersion: null, writesEnabled },
      });
    await policy(false);
    try {
      const body = bytesOf(100);
      const res = await api(`/sync/attachments/chunks/${await hexOf(body)}`, {
        method: 'PUT',
        token: d.accessToken,
        rawBody: body,
        headers: {
          'x-svc-vault-id': VAULT,
          'x-svc-attachment-id': 'f',
          'x-svc-file-size': '100',
          'x-svc-client': 'android/1.0.0',
        },
      });
      expect(errorCode(res)).toBe('PLATFORM_WRITES_DISABLED');
      expect(await storedChunks(d)).toEqual([]);
    } finally {
      await policy(true);
    }
  });

  it('is gated on a paid plan and counted in the per-device attachment_upload bucket', async () => {
    const d = await vaultDevice();
    await entitlement(d, { plan: 'plus', status: 'canceled' });
    expect(errorCode(await upload(d, bytesOf(10)))).toBe('SYNC_PAYMENT_REQUIRED');
    await entitlement(d, { plan: 'plus' });
    await api('/dev/rate-windows/attachment_upload', {
      method: 'PUT',
      token: d.accessToken,
      body: { count: 600 },
    });
    const limited = await upload(d, bytesOf(10));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'RATE_LIMITED', bucket: 'attachment_upload' } });
    expect(await storedChunks(d)).toEqual([]);
  });
});

describe('presign-batch (real workerd)', () => {
  it("answers URLs only for the caller's vault's chunks: other vaults' and accounts' hashes are missing", async () => {
    const a = await vaultDevice();
    const b = await vaultDevice();
    const mine = await upload(a, bytesOf(300, 1));
    const otherVault = await upload(a, bytesOf(300, 2), { vault: OTHER_VAULT });
    const never = 'c'.repeat(64);
    const res = await presign(a, [never, mine.hash, otherVault.hash, mine.hash]);
    expect(res.status).toBe(200);
    expect(res.body.urls.map((u) => u.hash)).toEqual([mine.hash]);
    expect(res.body.missing).toEqual([never, otherVault.hash]);
    const url = res.body.urls[0];
    expect(url?.url.startsWith(`${base}/objects/`)).toBe(true);
    expect(url?.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);

    // account B asking for A's hashes, in the same vault id, gets them all in missing
    const cross = await presign(b, [mine.hash, otherVault.hash], VAULT);
    expect(cross.body).toEqual({ urls: [], missing: [mine.hash, otherVault.hash] });
    // a malformed body is refused with a code
    expect(errorCode(await presign(a, []))).toBe('VALIDATION_ERROR');
    expect(errorCode(await presign(a, ['nothex']))).toBe('VALIDATION_ERROR');
    expect(
      errorCode(
        await presign(
          a,
          Array.from({ length: 91 }, () => never),
        ),
      ),
    ).toBe('VALIDATION_ERROR');
  });

  it('spends the blob_download bucket (600 a minute), raised x5 under a bootstrap token', async () => {
    const d = await vaultDevice();
    const c = await upload(d, bytesOf(50));
    const boot = await api<BootstrapOpenResponse>('/sync/bootstrap', {
      method: 'POST',
      token: d.accessToken,
      headers: { 'x-svc-vault-id': VAULT },
    });
    expect(boot.status).toBe(200);
    await api('/dev/rate-windows/blob_download', {
      method: 'PUT',
      token: d.accessToken,
      body: { count: 600 },
    });
    const limited = await presign(d, [c.hash]);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'RATE_LIMITED', bucket: 'blob_download' } });
    const elevated = await presign(d, [c.hash], VAULT, { 'x-svc-bootstrap-token': boot.body.token });
    expect(elevated.status).toBe(200);
    await api('/dev/rate-windows/blob_download', {
      method: 'PUT',
      token: d.accessToken,
      body: { count: 3000 },
    });
    expect((await presign(d, [c.hash], VAULT, { 'x-svc-bootstrap-token': boot.body.token })).status).toBe(
      429,
    );
  });

  it('never writes a presigned URL or its signature to the service log', async () => {
    const d = await vaultDevice();
    const c = await upload(d, bytesOf(70));
    const res = await presign(d, [c.hash]);
    const url = res.body.urls[0]?.url as string;
    await (await fetch(url)).arrayBuffer();
    await (await fetch(url, { headers: { range: 'bytes=10-' } })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000));
    const log = readFileSync(logPath, 'utf8');
    expect(log).toContain(`/sync/attachments/presign-batch`);
    const sig = new URL(url).searchParams.get('sig') as string;
    for (const s of [url, sig, new URL(url).search]) expect(log.includes(s)).toBe(false);
  });
});

describe('reclaiming the chunks of deleted files (real workerd)', () => {
  const reclaim = (d: TestDevice, asOfMs: number) =>
    api<{ reclaimed: number }>('/dev/reclaim-chunks', { token: d.accessToken, body: { asOfMs } });

  it('refuses a manifest signed by a key the account never registered: SYNC_INVALID_SIGNATURE, never served', async () => {
    const d = await vaultDevice();
    const stranger = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    // the caller's device id, a key that is not the one it registered
    const item = await signedItem({ deviceId: d.deviceId, privateKey: stranger.privateKey }, VAULT, {
      type: 'attachment_manifest',
      id: 'posed',
      clock: { [d.deviceId]: 1 },
    });
    const res = await api<PushResponse>('/sync/push', {
      token: d.accessToken,
      headers: { 'x-svc-vault-id': VAULT },
      body: { items: [item] },
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toHaveLength(0);
    expect(res.body.rejected).toEqual([
      expect.objectContaining({ id: 'posed', code: 'SYNC_INVALID_SIGNATURE' }),
    ]);
    const listed = await api<{ items: { id: string }[] }>('/sync/manifest', {
      token: d.accessToken,
      headers: { 'x-svc-vault-id': VAULT, 'x-svc-sync-types': 'attachment_manifest' },
    });
    expect(listed.body.items.map((i) => i.id)).not.toContain('posed');
  });

  it("reclaims a tombstoned file's chunks after the plan's version-history window, never a live file's", async () => {
    const d = await vaultDevice();
    await entitlement(d, { plan: 'plus' });
    const gone = await upload(d, bytesOf(1000, 1), { fileId: 'gone' });
    const gone2 = await upload(d, bytesOf(1000, 2), { fileId: 'gone' });
    const kept = await upload(d, bytesOf(1000, 3), { fileId: 'kept' });
    await pushManifest(d, 'gone', 1);
    await pushManifest(d, 'kept', 1);
    await pushManifest(d, 'gone', 2, 1234);
    const before = await usage(d);

    expect((await reclaim(d, Date.now() + 29 * DAY)).body.reclaimed).toBe(0);
    expect((await presign(d, [gone.hash])).body.urls).toHaveLength(1);
    expect((await reclaim(d, Date.now() + 31 * DAY)).body.reclaimed).toBe(2);
    expect((await presign(d, [gone.hash, gone2.hash, kept.hash])).body).toMatchObject({
      urls: [{ hash: kept.hash }],
      missing: [gone.hash, gone2.hash],
    });
    expect(await storedChunks(d)).toEqual([`${d.userId}/vaults/${VAULT}/chunks/${kept.hash}`]);
    expect(await usage(d)).toBe(before - 2000);
    // a second run finds nothing more
    expect((await reclaim(d, Date.now() + 400 * DAY)).body.reclaimed).toBe(0);
  });

  it('keeps the chunks of a file restored within the window', async () => {
    const d = await vaultDevice();
    await entitlement(d, { plan: 'plus' });
    const c = await upload(d, bytesOf(800), { fileId: 'back' });
    await pushManifest(d, 'back', 1);
    await pushManifest(d, 'back', 2, 1234);
    await pushManifest(d, 'back', 3);
    expect((await reclaim(d, Date.now() + 31 * DAY)).body.reclaimed).toBe(0);
    expect((await presign(d, [c.hash])).body.urls.map((u) => u.hash)).toEqual([c.hash]);
  });

  it('Pro and Believer keep a deleted file for 365 days', async () => {
    const d = await vaultDevice();
    await entitlement(d, { plan: 'pro' });
    const c = await upload(d, bytesOf(500), { fileId: 'f' });
    await pushManifest(d, 'f', 1);
    await pushManifest(d, 'f', 2, 99);
    expect((await reclaim(d, Date.now() + 300 * DAY)).body.reclaimed).toBe(0);
    expect((await reclaim(d, Date.now() + 366 * DAY)).body.reclaimed).toBe(1);
    expect((await presign(d, [c.hash])).body.missing).toEqual([c.hash]);
  });
});

describe('attachments from a browser origin (real workerd)', () => {
  it('preflights the chunk upload headers and exposes Content-Range on a ranged object GET', async () => {
    const origin = 'http://127.0.0.1:5173';
    const pre = await fetch(`${base}/sync/attachments/chunks/${'a'.repeat(64)}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,x-svc-vault-id,x-svc-attachment-id,x-svc-file-size',
      },
    });
    expect(pre.status).toBe(204);
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['x-svc-attachment-id', 'x-svc-file-size']) expect(allowed).toContain(h);
    expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');

    const d = await vaultDevice();
    const c = await upload(d, bytesOf(100));
    const url = (await presign(d, [c.hash])).body.urls[0]?.url as string;
    const ranged = await fetch(url, { headers: { origin, range: 'bytes=50-' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('access-control-allow-origin')).toBe(origin);
    expect((ranged.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain(
      'content-range',
    );
  });
});

describe('development tamper route (real workerd)', () => {
  it("alters a stored chunk's bytes in place: same size, another digest", async () => {
    const d = await vaultDevice();
    const body = bytesOf(200);
    const c = await upload(d, body);
    expect(
      (await api('/dev/tamper-chunk', { token: d.accessToken, body: { vaultId: VAULT, hash: c.hash } }))
        .status,
    ).toBe(200);
    const url = (await presign(d, [c.hash])).body.urls[0]?.url as string;
    const got = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(got.length).toBe(200);
    expect(got[0]).toBe((body[0] as number) ^ 0xff);
    expect(got.slice(1)).toEqual(body.slice(1));
    expect(await hexOf(got)).not.toBe(c.hash);
    const other = await vaultDevice();
    expect(
      errorCode(
        await api('/dev/tamper-chunk', { token: other.accessToken, body: { vaultId: VAULT, hash: c.hash } }),
      ),
    ).toBe('NOT_FOUND');
  });
});
