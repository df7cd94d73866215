import { createAttachmentOpener } from '../../crypto/attachmentCipher';
import type { VaultKeyring } from '../../crypto/keys';
import {
  type AttachmentManifestPayload,
  PRESIGN_BATCH_MAX_HASHES,
  type PresignBatchResponse,
} from '../../protocol/attachments';
import type { SyncCall } from '../http/syncHttp';
import { chunkListHasher, sha256Hex } from './fileChunks';
import type { FailureKind } from './retryRules';

export interface DownloadDeps {
  call: SyncCall;
  /** plain fetch for the presigned URLs (a bearer credential: never logged, never in an error) */
  fetch: typeof fetch;
  keyring: VaultKeyring;
  onProgress?: (done: number, total: number) => void;
  stopped?: () => boolean;
}

export type DownloadResult =
  /** the plaintext as Blob parts, one per chunk (Blob-backed: the JS heap holds one chunk at a time) */
  | { ok: true; parts: Blob[] }
  | { ok: false; kind: FailureKind | 'stopped'; error: { code: string; message: string } };

const fail = (kind: FailureKind, code: string, message: string): DownloadResult => ({
  ok: false,
  kind,
  error: { code, message },
});

/**
 * Downloads and opens one file (spec 1.3, issue 15 part 4 and 6). Nothing is answered as the file
 * unless every chunk's ciphertext matches its SHA-256 address, opens in order under the file key
 * of the manifest (so a reordered, foreign, altered or truncated chunk is refused), the last one
 * is flagged final, and the whole plaintext has the manifest's size and contentHash. The
 * manifest's own signature was checked by the record pull before it was stored.
 * URLs are asked for in batches of 90 hashes, just before their chunks are fetched.
 */
export async function downloadFile(
  deps: DownloadDeps,
  m: AttachmentManifestPayload,
): Promise<DownloadResult> {
  const opener = createAttachmentOpener(deps.keyring, m.fileId, {
    encryptedKey: m.encryptedKey,
    keyNonce: m.keyNonce,
  });
  if (!opener.ok) {
    return fail('transient', 'ATTACHMENT_KEY_REFUSED', 'the file’s key does not open with this vault’s key');
  }
  const hasher = chunkListHasher();
  const parts: Blob[] = [];
  let size = 0;
  for (let start = 0; start < m.chunks.length; start += PRESIGN_BATCH_MAX_HASHES) {
    const batch = m.chunks.slice(start, start + PRESIGN_BATCH_MAX_HASHES);
    const presigned = await deps.call<PresignBatchResponse>('POST', '/sync/attachments/presign-batch', {
      vaultId: deps.keyring.vaultId,
      body: { hashes: [...new Set(batch)] },
    });
    if (!presigned.ok) {
      const e = presigned.error;
      const kind = e.status === 404 || e.status === 410 ? 'missing' : 'transient';
      return fail(kind, e.code, e.message);
    }
    if (presigned.value.missing.length > 0) {
      return fail(
        'missing',
        'ATTACHMENT_NOT_UPLOADED',
        `${presigned.value.missing.length} of its chunks are not on the service yet`,
      );
    }
    const urls = new Map(presigned.value.urls.map((u) => [u.hash, u.url]));
    // the next chunks are fetched while this one is checked and opened (CHUNKS_AHEAD in flight)
    const fetched: Promise<Fetched>[] = [];
    const ahead = (k: number) => {
      for (let j = k; j < Math.min(batch.length, k + CHUNKS_AHEAD); j++)
        fetched[j] ??= fetchChunk(deps.fetch, urls.get(batch[j] as string));
    };
    for (const [offset, hash] of batch.entries()) {
      if (deps.stopped?.())
        return { ok: false, kind: 'stopped', error: { code: 'DOWNLOAD_STOPPED', message: 'stopped' } };
      const index = start + offset;
      ahead(offset);
      const got = await (fetched[offset] as Promise<Fetched>);
      if (got.kind === 'missing') {
        return fail('missing', 'ATTACHMENT_NOT_UPLOADED', `chunk ${index + 1} is not on the service`);
      }
      if (got.kind === 'network')
        return fail('transient', 'NETWORK_OFFLINE', 'the file’s storage is unreachable');
      if (got.kind === 'error') {
        return fail('transient', 'SERVER_ERROR', `the file’s storage answered ${got.status}`);
      }
      const bytes = got.bytes;
      if ((await sha256Hex(bytes)) !== hash) {
        return fail(
          'transient',
          'ATTACHMENT_CHUNK_TAMPERED',
          `chunk ${index + 1} of ${m.chunks.length} does not match its digest: altered or damaged on the service`,
        );
      }
      const opened = opener.value.openChunk(bytes);
      if (!opened.ok) {
        return fail(
          'transient',
          'CRYPTO_DECRYPT_FAILED',
          `chunk ${index + 1} of ${m.chunks.length} does not open: ${opened.error.message}`,
        );
      }
      if (opened.value.final !== (index === m.chunks.length - 1)) {
        return fail(
          'transient',
          'ATTACHMENT_TRUNCATED',
          'the file’s chunks end before or after their final chunk',
        );
      }
      await hasher.update(opened.value.plaintext);
      size += opened.value.plaintext.length;
      parts.push(new Blob([opened.value.plaintext as BlobPart]));
      deps.onProgress?.(index + 1, m.chunks.length);
    }
  }
  if (!opener.value.complete)
    return fail('transient', 'ATTACHMENT_TRUNCATED', 'the file ends without its final chunk');
  if (size !== m.size || (await hasher.hex()) !== m.contentHash) {
    return fail(
      'transient',
      'ATTACHMENT_HASH_MISMATCH',
      'the file’s bytes do not match the manifest’s content hash',
    );
  }
  return { ok: true, parts };
}

/** Chunk GETs of one file in flight at once (memory: this many chunks). */
export const CHUNKS_AHEAD = 3;

type Fetched =
  | { kind: 'ok'; bytes: Uint8Array }
  | { kind: 'missing' }
  | { kind: 'network' }
  | { kind: 'error'; status: number };

async function fetchChunk(fetcher: typeof fetch, url: string | undefined): Promise<Fetched> {
  if (!url) return { kind: 'missing' };
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(60_000) });
    if (res.status === 404 || res.status === 410) return { kind: 'missing' };
    if (!res.ok) return { kind: 'error', status: res.status };
    return { kind: 'ok', bytes: new Uint8Array(await res.arrayBuffer()) };
  } catch {
    return { kind: 'network' };
  }
}
