/**
 * File sync on the wire (spec 1.3, 4 "presign-batch", 8.1, 8.2; issue 15). The parts the spec
 * leaves "not shown" are decided here, once, for the client and the service (docs/protocol.md,
 * "Attachments").
 *
 * A file (a filed file or a note attachment) moves as:
 * - chunks: XChaCha20-Poly1305 ciphertext of `ATTACHMENT_CHUNK_PLAINTEXT_BYTES` of the file each
 *   (src/sync/crypto/attachmentCipher.ts), addressed by the lowercase hex SHA-256 of the
 *   ciphertext, uploaded one request each with `PUT /sync/attachments/chunks/:hash`; the body is
 *   the raw chunk bytes. The service stores a chunk under the account and vault, once;
 * - a manifest: the synced record type `attachment_manifest` (id = the file's id), whose encrypted
 *   payload (`AttachmentManifestPayload`) lists the chunk hashes in order and the sealed file key.
 *   It rides the record feed like every record: encrypted under the vault key, signed by the
 *   device key. Its tombstone releases the file's chunks for reclaim after the plan's version
 *   history window.
 * Downloads ask `POST /sync/attachments/presign-batch` for expiring GET URLs of chunk hashes the
 * caller's vault owns; a URL is a bearer credential and never reaches a log (spec 5.8).
 */
import * as v from 'valibot';
import { count, itemId, sha256Hex } from './common';

/** Plaintext bytes in each chunk but the last (the last may be shorter, never empty unless the file is). */
export const ATTACHMENT_CHUNK_PLAINTEXT_BYTES = 1024 * 1024;
/** Largest chunk body the upload route takes: a chunk plus its sealing overhead, with room to spare. */
export const ATTACHMENT_CHUNK_MAX_BYTES = ATTACHMENT_CHUNK_PLAINTEXT_BYTES + 4096;
/** Chunk ids per presign request and per sweep batch (spec 8.3: batches of 90 ids). */
export const PRESIGN_BATCH_MAX_HASHES = 90;
/** Chunks the client's sweep handles per tick (spec 8.3). */
export const ATTACHMENT_SWEEP_CHUNKS_PER_TICK = 300;
/** Lifetime of a presigned chunk or pack URL. */
export const PRESIGNED_URL_TTL_SECONDS = 15 * 60;

/** The synced record type that carries a file's manifest (declared in `X-Svc-Sync-Types`). */
export const ATTACHMENT_MANIFEST_TYPE = 'attachment_manifest';

/**
 * Headers of a chunk upload. The declared plaintext size lets the service refuse a file over the
 * plan's limit (STORAGE_FILE_TOO_LARGE) before it stores any chunk; the attachment id ties the
 * chunk to the manifest record whose tombstone releases it.
 */
export const ATTACHMENT_ID_HEADER = 'X-Svc-Attachment-Id';
export const ATTACHMENT_FILE_SIZE_HEADER = 'X-Svc-File-Size';

/** Answer to a chunk upload: `stored` false when the vault already held that chunk (no quota spent). */
export interface ChunkUploadResponse {
  hash: string;
  size: number;
  stored: boolean;
}

export const PresignBatchRequest = v.strictObject({
  hashes: v.pipe(v.array(sha256Hex), v.minLength(1), v.maxLength(PRESIGN_BATCH_MAX_HASHES)),
});
export type PresignBatchRequest = v.InferOutput<typeof PresignBatchRequest>;

export interface PresignedChunk {
  hash: string;
  /** an absolute GET URL; `Range` is honoured; spends no rate bucket of the service */
  url: string;
  /** epoch ms after which the URL is refused */
  expiresAt: number;
  size: number;
}

export interface PresignBatchResponse {
  urls: PresignedChunk[];
  /** hashes this vault does not hold (never uploaded, another account's, or reclaimed): 404 for the client */
  missing: string[];
}

/** The decrypted payload of an `attachment_manifest` record. */
export const AttachmentManifestPayload = v.strictObject({
  /** the file's id (equal to the record id) */
  fileId: itemId,
  /** the vault path the bytes belong to: `attachments/<note id>/<name>` or a filed file's path */
  path: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  /** media type as the importing device saw it */
  mediaType: v.pipe(v.string(), v.maxLength(255)),
  /** plaintext size in bytes */
  size: count,
  /**
   * SHA-256 (hex) over the SHA-256 digests of the plaintext chunks in order (32 bytes each),
   * checked after the last chunk opens (`chunkListHasher`, docs/sync-client.md "Files")
   */
  contentHash: sha256Hex,
  chunkPlaintextBytes: v.pipe(count, v.minValue(1)),
  /** ciphertext chunk hashes in order */
  chunks: v.array(sha256Hex),
  /** the file key sealed under the vault's attachment-wrap key (attachmentCipher's header) */
  encryptedKey: v.string(),
  keyNonce: v.string(),
  /** the note that embeds it, for a note attachment */
  noteId: v.optional(v.nullable(itemId)),
  /** the device that uploaded the chunks, for "waiting for device X to upload it" */
  uploaderDeviceId: v.string(),
  createdAt: count,
  modifiedAt: count,
  clock: v.record(v.string(), count),
});
export type AttachmentManifestPayload = v.InferOutput<typeof AttachmentManifestPayload>;
