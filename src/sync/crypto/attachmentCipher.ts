import { concatBytes } from '@noble/hashes/utils.js';
import { aeadOpen, aeadSeal, NONCE_BYTES, randomKey, TAG_BYTES } from './aead';
import { fromBase64, toBase64, utf8 } from './bytes';
import { canonicalJson } from './canonicalJson';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';
import type { VaultKeyring } from './keys';

/**
 * Chunked encryption of large attachments (docs/keys.md, "Attachment chunks"). Each attachment
 * gets a fresh file key, sealed in a header under the keyring's attachment-wrap key and bound to
 * the vault and attachment id. Each chunk is sealed separately under the file key with a fresh
 * nonce and associated data holding its index and a final-chunk flag, so a reader detects a
 * reordered, dropped, duplicated, appended or truncated chunk, and never holds more than one
 * chunk in memory.
 *
 * Chunk bytes: flags (1 byte: 0x01 = final, other bits zero) ‖ nonce (24) ‖ ciphertext+tag.
 */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
export const CHUNK_OVERHEAD = 1 + NONCE_BYTES + TAG_BYTES;
const FINAL = 0x01;
const MAX_INDEX = 0xffffffff;

export interface AttachmentHeader {
  encryptedKey: string;
  keyNonce: string;
}

function idBytes(keyring: VaultKeyring, attachmentId: string): Uint8Array {
  return utf8(canonicalJson({ attachmentId, vaultId: keyring.vaultId }));
}

function keyAd(ids: Uint8Array): Uint8Array {
  return concatBytes(utf8('cairn.attachment.key.v1\u0000'), ids);
}

function chunkAd(ids: Uint8Array, index: number, flags: number): Uint8Array {
  const position = new Uint8Array(5);
  new DataView(position.buffer).setUint32(0, index);
  position[4] = flags;
  return concatBytes(utf8('cairn.attachment.chunk.v1\u0000'), position, ids);
}

export interface AttachmentSealer {
  readonly header: AttachmentHeader;
  /** Seals the next chunk. Throws after the final chunk: a caller bug, never data-dependent. */
  sealChunk(plaintext: Uint8Array, final: boolean): Uint8Array;
}

export function createAttachmentSealer(keyring: VaultKeyring, attachmentId: string): AttachmentSealer {
  const ids = idBytes(keyring, attachmentId);
  const fileKey = randomKey();
  const sealedKey = aeadSeal(keyring.attachmentWrapKey, fileKey, keyAd(ids));
  const header = { encryptedKey: toBase64(sealedKey.ciphertext), keyNonce: toBase64(sealedKey.nonce) };
  return sealerOver(ids, fileKey, header, 0);
}

/**
 * A sealer that continues an interrupted upload at chunk `fromIndex` under the file key its
 * stored header seals (issue 15: an upload resumes at the first missing chunk, and the chunks
 * already on the service stay valid because they were sealed under that same key).
 */
export function resumeAttachmentSealer(
  keyring: VaultKeyring,
  attachmentId: string,
  header: AttachmentHeader,
  fromIndex: number,
): CryptoResult<AttachmentSealer> {
  const ids = idBytes(keyring, attachmentId);
  const encryptedKey = fromBase64(header.encryptedKey);
  const keyNonce = fromBase64(header.keyNonce);
  if (!encryptedKey || !keyNonce)
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'attachment header is not base64');
  const fileKey = aeadOpen(keyring.attachmentWrapKey, keyNonce, encryptedKey, keyAd(ids));
  if (!fileKey) return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the file key does not open for this attachment');
  return cryptoOk(sealerOver(ids, fileKey, header, fromIndex));
}

function sealerOver(
  ids: Uint8Array,
  fileKey: Uint8Array,
  header: AttachmentHeader,
  fromIndex: number,
): AttachmentSealer {
  let index = fromIndex;
  let finished = false;
  return {
    header,
    sealChunk(plaintext, final) {
      if (finished) throw new Error('attachment already sealed its final chunk');
      if (index > MAX_INDEX) throw new Error('attachment has too many chunks');
      const flags = final ? FINAL : 0;
      const { nonce, ciphertext } = aeadSeal(fileKey, plaintext, chunkAd(ids, index, flags));
      index++;
      if (final) {
        finished = true;
        fileKey.fill(0);
      }
      return concatBytes(Uint8Array.of(flags), nonce, ciphertext);
    },
  };
}

export interface AttachmentOpener {
  /** Opens the next chunk in order. After a failure the opener stays failed. */
  openChunk(chunk: Uint8Array): CryptoResult<{ plaintext: Uint8Array; final: boolean }>;
  /** True once the final chunk has opened: anything short of this is a truncation. */
  readonly complete: boolean;
}

export function createAttachmentOpener(
  keyring: VaultKeyring,
  attachmentId: string,
  header: AttachmentHeader,
): CryptoResult<AttachmentOpener> {
  const ids = idBytes(keyring, attachmentId);
  const encryptedKey = fromBase64(header.encryptedKey);
  const keyNonce = fromBase64(header.keyNonce);
  if (!encryptedKey || !keyNonce)
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'attachment header is not base64');
  const fileKey = aeadOpen(keyring.attachmentWrapKey, keyNonce, encryptedKey, keyAd(ids));
  if (!fileKey) return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the file key does not open for this attachment');
  let index = 0;
  let state: 'open' | 'complete' | 'failed' = 'open';
  const fail = (message: string) => {
    state = 'failed';
    return cryptoFail<{ plaintext: Uint8Array; final: boolean }>('CRYPTO_DECRYPT_FAILED', message);
  };
  return cryptoOk({
    get complete() {
      return state === 'complete';
    },
    openChunk(chunk) {
      if (state === 'complete') return fail('data after the final chunk');
      if (state === 'failed') return fail('an earlier chunk failed');
      const flags = chunk[0];
      if (chunk.length < CHUNK_OVERHEAD || (flags !== 0 && flags !== FINAL)) return fail('malformed chunk');
      const nonce = chunk.subarray(1, 1 + NONCE_BYTES);
      const plaintext = aeadOpen(fileKey, nonce, chunk.subarray(1 + NONCE_BYTES), chunkAd(ids, index, flags));
      if (!plaintext) return fail(`chunk ${index} does not open at this position`);
      index++;
      if (flags === FINAL) state = 'complete';
      return cryptoOk({ plaintext, final: flags === FINAL });
    },
  });
}

/** Whole-buffer convenience: at least one chunk, the last flagged final (an empty file too). */
export function sealAttachment(
  keyring: VaultKeyring,
  attachmentId: string,
  bytes: Uint8Array,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): { header: AttachmentHeader; chunks: Uint8Array[] } {
  if (!Number.isInteger(chunkBytes) || chunkBytes < 1)
    throw new Error('chunkBytes must be a positive integer');
  const sealer = createAttachmentSealer(keyring, attachmentId);
  const chunks: Uint8Array[] = [];
  let offset = 0;
  do {
    const end = Math.min(offset + chunkBytes, bytes.length);
    chunks.push(sealer.sealChunk(bytes.subarray(offset, end), end === bytes.length));
    offset = end;
  } while (offset < bytes.length);
  return { header: sealer.header, chunks };
}

export function openAttachment(
  keyring: VaultKeyring,
  attachmentId: string,
  header: AttachmentHeader,
  chunks: Iterable<Uint8Array>,
): CryptoResult<Uint8Array> {
  const opener = createAttachmentOpener(keyring, attachmentId, header);
  if (!opener.ok) return opener;
  const parts: Uint8Array[] = [];
  for (const chunk of chunks) {
    const opened = opener.value.openChunk(chunk);
    if (!opened.ok) return opened;
    parts.push(opened.value.plaintext);
  }
  if (!opener.value.complete) return cryptoFail('CRYPTO_DECRYPT_FAILED', 'truncated: no final chunk');
  return cryptoOk(concatBytes(...parts));
}
