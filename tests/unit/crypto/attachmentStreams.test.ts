import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openAttachment, sealAttachment } from '../../../src/sync/crypto/attachmentCipher';
import {
  AttachmentStreamError,
  createAttachmentDecryptStream,
  createAttachmentEncryptStream,
} from '../../../src/sync/crypto/attachmentStreams';
import { deriveVaultKeyring, generateVaultKey } from '../../../src/sync/crypto/keys';

const keyring = deriveVaultKeyring(generateVaultKey(), '0b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b');
const CHUNK = 64;

/** Feeds `bytes` in pieces of the given sizes (cycled) through `stream`; collects the output. */
async function pipe(bytes: Uint8Array, sizes: number[], stream: TransformStream<Uint8Array, Uint8Array>) {
  const pieces: Uint8Array[] = [];
  for (let offset = 0, i = 0; offset < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1);
    pieces.push(bytes.slice(offset, offset + size));
    offset += size;
  }
  const out: Uint8Array[] = [];
  await new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  })
    .pipeThrough(stream)
    .pipeTo(new WritableStream({ write: (chunk) => void out.push(chunk) }));
  return out;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('attachment streams', () => {
  it('encrypt-stream output equals the whole-buffer format, for any input split (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.array(fc.integer({ min: 1, max: 150 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 150 }), { minLength: 1, maxLength: 5 }),
        async (file, splitIn, splitOut) => {
          const { header, stream } = createAttachmentEncryptStream(keyring, 'a1', CHUNK);
          const chunks = await pipe(file, splitIn, stream);
          expect(chunks.length).toBe(Math.max(1, Math.ceil(file.length / CHUNK)));
          expect(openAttachment(keyring, 'a1', header, chunks)).toEqual({ ok: true, value: file });
          const plain = await pipe(
            concat(chunks),
            splitOut,
            createAttachmentDecryptStream(keyring, 'a1', header, CHUNK),
          );
          expect(concat(plain)).toEqual(file);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the decrypt stream reads chunks made by sealAttachment', async () => {
    const file = new Uint8Array(1000).map((_, i) => i % 251);
    const { header, chunks } = sealAttachment(keyring, 'a2', file, CHUNK);
    const plain = await pipe(
      concat(chunks),
      [7, 300],
      createAttachmentDecryptStream(keyring, 'a2', header, CHUNK),
    );
    expect(concat(plain)).toEqual(file);
  });

  it('errors on truncation at a chunk boundary', async () => {
    const { header, chunks } = sealAttachment(keyring, 'a3', new Uint8Array(200), CHUNK);
    const cut = concat(chunks.slice(0, 2));
    const failure = pipe(cut, [50], createAttachmentDecryptStream(keyring, 'a3', header, CHUNK));
    await expect(failure).rejects.toBeInstanceOf(AttachmentStreamError);
    await expect(failure).rejects.toMatchObject({ error: { code: 'CRYPTO_DECRYPT_FAILED' } });
  });

  it('errors on a tampered byte and on a header of another attachment', async () => {
    const { header, chunks } = sealAttachment(keyring, 'a4', new Uint8Array(200), CHUNK);
    const bytes = concat(chunks);
    bytes[100] = (bytes[100] ?? 0) ^ 1;
    await expect(
      pipe(bytes, [64], createAttachmentDecryptStream(keyring, 'a4', header, CHUNK)),
    ).rejects.toMatchObject({ error: { code: 'CRYPTO_DECRYPT_FAILED' } });
    await expect(
      pipe(concat(chunks), [64], createAttachmentDecryptStream(keyring, 'a5', header, CHUNK)),
    ).rejects.toBeInstanceOf(AttachmentStreamError);
  });
});
