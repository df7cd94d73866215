import {
  type AttachmentHeader,
  CHUNK_OVERHEAD,
  createAttachmentOpener,
  createAttachmentSealer,
  DEFAULT_CHUNK_BYTES,
} from './attachmentCipher';
import { ByteQueue } from './byteQueue';
import type { CryptoError } from './cryptoError';
import type { VaultKeyring } from './keys';

/**
 * Web-stream adapters over attachmentCipher, for files too large to hold in memory (OPFS temp
 * files, fetch bodies). Input may arrive in any split; output is re-framed into chunks of
 * `chunkBytes` plaintext. Streams report failure by erroring with an AttachmentStreamError whose
 * `error` is the usual `{code, message}` value.
 */
export class AttachmentStreamError extends Error {
  override readonly name = 'AttachmentStreamError';
  constructor(readonly error: CryptoError) {
    super(error.message);
  }
}

function checkChunkBytes(chunkBytes: number): void {
  if (!Number.isInteger(chunkBytes) || chunkBytes < 1)
    throw new RangeError('chunkBytes must be a positive integer');
}

/** Plaintext in, sealed chunks out (one output piece per chunk). */
export function createAttachmentEncryptStream(
  keyring: VaultKeyring,
  attachmentId: string,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): { header: AttachmentHeader; stream: TransformStream<Uint8Array, Uint8Array> } {
  checkChunkBytes(chunkBytes);
  const sealer = createAttachmentSealer(keyring, attachmentId);
  const queue = new ByteQueue();
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(piece, controller) {
      queue.push(piece);
      // Keep more than a chunk back: the last chunk must be flagged final, and only flush knows.
      while (queue.length > chunkBytes) controller.enqueue(sealer.sealChunk(queue.take(chunkBytes), false));
    },
    flush(controller) {
      controller.enqueue(sealer.sealChunk(queue.take(queue.length), true));
    },
  });
  return { header: sealer.header, stream };
}

/**
 * Sealed chunks in (any split, e.g. a network body), plaintext out. Errors on the first chunk that
 * fails, and at the end when the final chunk never came (truncation).
 */
export function createAttachmentDecryptStream(
  keyring: VaultKeyring,
  attachmentId: string,
  header: AttachmentHeader,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): TransformStream<Uint8Array, Uint8Array> {
  checkChunkBytes(chunkBytes);
  const sealedChunk = chunkBytes + CHUNK_OVERHEAD;
  const opener = createAttachmentOpener(keyring, attachmentId, header);
  const queue = new ByteQueue();
  const open = (bytes: Uint8Array, controller: TransformStreamDefaultController<Uint8Array>) => {
    if (!opener.ok) throw new AttachmentStreamError(opener.error);
    const opened = opener.value.openChunk(bytes);
    if (!opened.ok) throw new AttachmentStreamError(opened.error);
    controller.enqueue(opened.value.plaintext);
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    // A header that does not open errors the stream (a throw here would escape the constructor).
    start(controller) {
      if (!opener.ok) controller.error(new AttachmentStreamError(opener.error));
    },
    transform(piece, controller) {
      queue.push(piece);
      while (queue.length > sealedChunk) open(queue.take(sealedChunk), controller);
    },
    flush(controller) {
      if (queue.length > 0) open(queue.take(queue.length), controller);
      if (!opener.ok || !opener.value.complete) {
        throw new AttachmentStreamError({
          code: 'CRYPTO_DECRYPT_FAILED',
          message: 'truncated: no final chunk',
        });
      }
    },
  });
}
