import { describe, expect, it } from 'vitest';
import { deriveVaultKeyring } from '../../../../src/sync/crypto/keys';
import { downloadFile } from '../../../../src/sync/engine/attachments/downloadFile';
import { plainChunks, sha256Hex } from '../../../../src/sync/engine/attachments/fileChunks';
import { type UploadProgress, uploadFile } from '../../../../src/sync/engine/attachments/uploadFile';
import { syncFail, syncOk } from '../../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../../src/sync/engine/http/syncHttp';
import type { AttachmentManifestPayload } from '../../../../src/sync/protocol/attachments';
import { readManifest } from '../../../../src/worker/sync/attachmentManifestRow';

// The chunker, the sealed upload and the verified download in memory. The service is a Map of
// chunk hash to bytes answering the contract of src/sync/protocol/attachments.ts (the real
// service is in fileSync.integration.test.ts).

const VAULT = '6f1c2c52-8d0e-4d65-9d1b-0f7ac1a2b3c4';
const keyring = deriveVaultKeyring(new Uint8Array(32).fill(7), VAULT);
const CHUNK = 1000;

function memoryService() {
  const chunks = new Map<string, Uint8Array>();
  const call = (async (method: string, path: string, o: CallOptions = {}) => {
    if (method === 'PUT' && path.startsWith('/sync/attachments/chunks/')) {
      const hash = path.split('/').pop() as string;
      const bytes = o.bytes as Uint8Array;
      if ((await sha256Hex(bytes)) !== hash)
        return syncFail({ code: 'VALIDATION', message: 'hash', status: 400 });
      chunks.set(hash, bytes.slice());
      return syncOk({ hash, size: bytes.length, stored: true });
    }
    if (method === 'POST' && path === '/sync/attachments/presign-batch') {
      const { hashes } = o.body as { hashes: string[] };
      return syncOk({
        urls: hashes
          .filter((h) => chunks.has(h))
          .map((h) => ({ hash: h, url: `mem://${h}`, expiresAt: 0, size: 0 })),
        missing: hashes.filter((h) => !chunks.has(h)),
      });
    }
    return syncFail({ code: 'NOT_FOUND', message: path, status: 404 });
  }) as SyncCall;
  const fetch = (async (url: string) => {
    const bytes = chunks.get(String(url).slice('mem://'.length));
    return bytes ? new Response(bytes as BodyInit) : new Response(null, { status: 404 });
  }) as typeof globalThis.fetch;
  return { chunks, call, fetch };
}

function bytesOf(n: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);
}

async function upload(
  svc: ReturnType<typeof memoryService>,
  id: string,
  data: Uint8Array,
  start?: UploadProgress,
) {
  let saved: UploadProgress = start ?? { header: null, uploaded: [] };
  const res = await uploadFile(
    {
      call: svc.call,
      keyring,
      chunkBytes: CHUNK,
      save: async (p) => {
        saved = p;
      },
    },
    id,
    new Blob([data as BlobPart]),
    saved,
  );
  if (!res.ok) throw new Error(res.error.message);
  // SHA-256 over the chunks' plaintext SHA-256 digests, in order (computed here without the hasher)
  const digests: number[] = [];
  for (let at = 0; at < Math.max(1, data.length); at += CHUNK)
    digests.push(...new Uint8Array(await crypto.subtle.digest('SHA-256', data.slice(at, at + CHUNK))));
  const contentHash = await sha256Hex(new Uint8Array(digests));
  expect(res.value.contentHash).toBe(contentHash);
  const manifest: AttachmentManifestPayload = {
    fileId: id,
    path: `${id}.bin`,
    mediaType: 'application/octet-stream',
    size: data.length,
    contentHash,
    chunkPlaintextBytes: CHUNK,
    chunks: res.value.chunks,
    ...res.value.header,
    noteId: null,
    uploaderDeviceId: 'dev-a',
    createdAt: 1,
    modifiedAt: 1,
    clock: { a: 1 },
  };
  return { manifest, saved };
}

const download = (svc: ReturnType<typeof memoryService>, m: AttachmentManifestPayload, ring = keyring) =>
  downloadFile({ call: svc.call, fetch: svc.fetch, keyring: ring }, m);

async function joined(parts: Blob[]): Promise<Uint8Array> {
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

describe('file chunks', () => {
  it('reads a file slice by slice, the last chunk final; an empty file is one empty final chunk', async () => {
    const seen = [];
    for await (const c of plainChunks(new Blob([bytesOf(2500) as BlobPart]), CHUNK))
      seen.push([c.index, c.bytes.length, c.final]);
    expect(seen).toEqual([
      [0, 1000, false],
      [1, 1000, false],
      [2, 500, true],
    ]);
    const empty = [];
    for await (const c of plainChunks(new Blob([]), CHUNK)) empty.push([c.index, c.bytes.length, c.final]);
    expect(empty).toEqual([[0, 0, true]]);
  });
});

describe('upload and verified download', () => {
  it('round-trips a file through sealed chunks addressed by their ciphertext hash', async () => {
    const svc = memoryService();
    const data = bytesOf(2500);
    const { manifest } = await upload(svc, 'f1', data);
    expect(manifest.chunks).toHaveLength(3);
    for (const h of manifest.chunks) expect(await sha256Hex(svc.chunks.get(h) as Uint8Array)).toBe(h);
    // the service never holds the plaintext
    expect([...svc.chunks.values()].some((c) => c.subarray(25, 35).every((b, i) => b === data[i]))).toBe(
      false,
    );
    const got = await download(svc, manifest);
    expect(got.ok && (await joined(got.parts))).toEqual(data);
  });

  it('resumes under the stored file key: only the missing chunks are sent, and the file opens whole', async () => {
    const svc = memoryService();
    const data = bytesOf(3500);
    let puts = 0;
    const failing = (async (method: string, path: string, o?: CallOptions) => {
      if (method === 'PUT' && ++puts > 2)
        return syncFail({ code: 'NETWORK_OFFLINE', message: 'down', status: 0 });
      return svc.call(method, path, o);
    }) as SyncCall;
    let saved: UploadProgress = { header: null, uploaded: [] };
    const first = await uploadFile(
      {
        call: failing,
        keyring,
        chunkBytes: CHUNK,
        save: async (p) => {
          saved = p;
        },
      },
      'f2',
      new Blob([data as BlobPart]),
      saved,
    );
    expect(first.ok).toBe(false);
    expect(saved.uploaded).toHaveLength(2);
    const before = svc.chunks.size;
    const { manifest } = await upload(svc, 'f2', data, saved);
    expect(svc.chunks.size - before).toBe(2);
    expect(manifest.chunks.slice(0, 2)).toEqual(saved.uploaded.slice(0, 2));
    const got = await download(svc, manifest);
    expect(got.ok && (await joined(got.parts))).toEqual(data);
  });

  it('refuses a tampered chunk, a wrong key, a truncated or reordered file, and missing chunks', async () => {
    const svc = memoryService();
    const data = bytesOf(2500);
    const { manifest } = await upload(svc, 'f3', data);
    // tampered on the service: its digest no longer matches its address
    const victim = manifest.chunks[1] as string;
    const original = svc.chunks.get(victim) as Uint8Array;
    const altered = original.slice();
    altered[40] = (altered[40] as number) ^ 1;
    svc.chunks.set(victim, altered);
    expect(await download(svc, manifest)).toMatchObject({
      ok: false,
      kind: 'transient',
      error: { code: 'ATTACHMENT_CHUNK_TAMPERED' },
    });
    svc.chunks.set(victim, original);
    // another vault's key
    const other = deriveVaultKeyring(new Uint8Array(32).fill(9), VAULT);
    expect(await download(svc, manifest, other)).toMatchObject({
      ok: false,
      error: { code: 'ATTACHMENT_KEY_REFUSED' },
    });
    // truncated: the final chunk dropped from the list
    const truncated = { ...manifest, chunks: manifest.chunks.slice(0, 2), size: 2000 };
    expect(await download(svc, truncated)).toMatchObject({
      ok: false,
      error: { code: 'ATTACHMENT_TRUNCATED' },
    });
    // reordered chunks do not open at their position
    const reordered = {
      ...manifest,
      chunks: [manifest.chunks[1], manifest.chunks[0], manifest.chunks[2]] as string[],
    };
    expect(await download(svc, reordered)).toMatchObject({
      ok: false,
      error: { code: 'CRYPTO_DECRYPT_FAILED' },
    });
    // a manifest whose content hash lies
    const lying = { ...manifest, contentHash: '0'.repeat(64) };
    expect(await download(svc, lying)).toMatchObject({
      ok: false,
      error: { code: 'ATTACHMENT_HASH_MISMATCH' },
    });
    // chunks the service does not hold: the 404 class
    svc.chunks.delete(victim);
    expect(await download(svc, manifest)).toMatchObject({ ok: false, kind: 'missing' });
  });

  it('reads a pulled manifest only when its id and chunk count agree with it', async () => {
    const svc = memoryService();
    const { manifest } = await upload(svc, 'f4', bytesOf(2500));
    expect(readManifest('f4', manifest)).not.toBeNull();
    expect(readManifest('other', manifest)).toBeNull();
    expect(readManifest('f4', { ...manifest, chunks: manifest.chunks.slice(1) })).toBeNull();
    expect(readManifest('f4', { ...manifest, contentHash: 'nope' })).toBeNull();
  });
});
