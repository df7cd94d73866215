import {
  type AttachmentHeader,
  type AttachmentSealer,
  createAttachmentSealer,
  resumeAttachmentSealer,
} from '../../crypto/attachmentCipher';
import type { VaultKeyring } from '../../crypto/keys';
import {
  ATTACHMENT_FILE_SIZE_HEADER,
  ATTACHMENT_ID_HEADER,
  type ChunkUploadResponse,
} from '../../protocol/attachments';
import { type SyncResult, syncFail, syncOk } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import { chunkListHasher, chunkTotal, plainChunks, sha256Hex } from './fileChunks';

/** Chunk requests of one file in flight at once (memory: this many sealed chunks). */
export const CHUNKS_IN_FLIGHT = 3;

/** What an upload has done so far: persisted after every stored chunk, so a restart resumes. */
export interface UploadProgress {
  header: AttachmentHeader | null;
  /** ciphertext hashes of the chunks the service stored, in order */
  uploaded: string[];
}

export interface UploadDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  chunkBytes: number;
  /** persists the progress (the header before the first chunk goes, then each stored chunk) */
  save: (progress: UploadProgress) => Promise<void>;
  onProgress?: (done: number, total: number) => void;
  /** checked between chunks: the engine stopped, the vault closed */
  stopped?: () => boolean;
}

export interface UploadedFile {
  header: AttachmentHeader;
  chunks: string[];
  /** SHA-256 hex over the chunks' plaintext SHA-256 digests in order (`chunkListHasher`) */
  contentHash: string;
}

/**
 * Seals and uploads a file chunk by chunk (`PUT /sync/attachments/chunks/:hash`), resuming at the
 * first chunk `progress` does not list. Resuming re-reads (but does not send) the chunks already
 * stored, to hash the whole plaintext; the resumed chunks are sealed under the SAME file key (the
 * stored header), so the manifest's chunk list opens as one file. A failed request answers its
 * SyncError and leaves the progress at the last stored chunk.
 */
export async function uploadFile(
  deps: UploadDeps,
  fileId: string,
  blob: Blob,
  start: UploadProgress,
): Promise<SyncResult<UploadedFile>> {
  const total = chunkTotal(blob.size, deps.chunkBytes);
  const hasher = chunkListHasher();
  let sealer: AttachmentSealer;
  const uploaded = start.header ? start.uploaded.slice(0, total) : [];
  if (start.header) {
    const resumed = resumeAttachmentSealer(deps.keyring, fileId, start.header, uploaded.length);
    if (!resumed.ok) {
      // a header this vault key cannot open (the key changed): start over under a fresh file key
      return uploadFile(deps, fileId, blob, { header: null, uploaded: [] });
    }
    sealer = resumed.value;
    for await (const chunk of plainChunks(blob, deps.chunkBytes)) {
      if (chunk.index >= uploaded.length) break;
      await hasher.update(chunk.bytes);
    }
  } else {
    sealer = createAttachmentSealer(deps.keyring, fileId);
    await deps.save({ header: sealer.header, uploaded });
  }
  deps.onProgress?.(uploaded.length, total);
  // up to CHUNKS_IN_FLIGHT requests at once (the service's per-chunk latency dominates a serial
  // upload); progress is committed in chunk order only, so `uploaded` stays the stored prefix. A
  // later chunk stored before an earlier one failed is re-sealed on resume (a bounded orphan).
  const window: { hash: string; put: Promise<SyncResult<ChunkUploadResponse>> }[] = [];
  const settleHead = async (): Promise<SyncResult<null>> => {
    const head = window.shift() as (typeof window)[number];
    const put = await head.put;
    if (!put.ok) return put;
    if (put.value.hash !== head.hash) {
      return syncFail({
        code: 'CONTRACT_REGRESSION',
        message: 'the service stored a chunk under another hash',
        status: 200,
      });
    }
    uploaded.push(head.hash);
    await deps.save({ header: sealer.header, uploaded: [...uploaded] });
    deps.onProgress?.(uploaded.length, total);
    return syncOk(null);
  };
  const failWith = async <T>(failure: SyncResult<T>): Promise<SyncResult<T>> => {
    await Promise.allSettled(window.map((w) => w.put));
    return failure;
  };
  for await (const chunk of plainChunks(blob, deps.chunkBytes, uploaded.length)) {
    if (deps.stopped?.()) {
      return failWith(syncFail({ code: 'UPLOAD_STOPPED', message: 'the upload was stopped', status: 0 }));
    }
    await hasher.update(chunk.bytes);
    const sealed = sealer.sealChunk(chunk.bytes, chunk.final);
    const hash = await sha256Hex(sealed);
    const put = withQuickRetries(() =>
      deps.call<ChunkUploadResponse>('PUT', `/sync/attachments/chunks/${hash}`, {
        vaultId: deps.keyring.vaultId,
        bytes: sealed,
        headers: { [ATTACHMENT_ID_HEADER]: fileId, [ATTACHMENT_FILE_SIZE_HEADER]: String(blob.size) },
      }),
    );
    window.push({ hash, put });
    if (window.length >= CHUNKS_IN_FLIGHT) {
      const head = await settleHead();
      if (!head.ok) return failWith(head);
    }
  }
  while (window.length > 0) {
    const head = await settleHead();
    if (!head.ok) return failWith(head);
  }
  return syncOk({ header: sealer.header, chunks: uploaded, contentHash: await hasher.hex() });
}

/** Waits before each quick retry of a chunk PUT (ms). */
export const CHUNK_RETRY_DELAYS_MS = [500, 2_000];

/**
 * A chunk PUT whose connection dropped or that met a 5xx is sent again at once, twice (the same
 * sealed bytes, so the service stores it once): one dropped request must not hold a whole file
 * back for the queue's 1-minute backoff (ci10 met two dropped PUTs of a 30 MB upload under load).
 * Any other answer, and a third failure, are the caller's.
 */
async function withQuickRetries<T>(send: () => Promise<SyncResult<T>>): Promise<SyncResult<T>> {
  let res = await send();
  for (const ms of CHUNK_RETRY_DELAYS_MS) {
    if (res.ok || !(res.error.status === 0 || res.error.status >= 500)) return res;
    await new Promise((done) => setTimeout(done, ms));
    res = await send();
  }
  return res;
}
