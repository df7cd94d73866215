import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_OVERHEAD,
  createAttachmentSealer,
  openAttachment,
  sealAttachment,
} from '../../../src/sync/crypto/attachmentCipher';
import { deriveVaultKeyring, generateVaultKey } from '../../../src/sync/crypto/keys';

const keyring = deriveVaultKeyring(generateVaultKey(), '0b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b');
const file = crypto.getRandomValues(new Uint8Array(10_000));
const sealed = sealAttachment(keyring, 'att-1', file, 4096);

function code(result: { ok: boolean; error?: { code: string; message: string } }): string | undefined {
  return result.ok ? undefined : result.error?.code;
}

describe('attachment chunks', () => {
  it('round-trips in ceil(size / chunk) chunks with the documented overhead', () => {
    expect(sealed.chunks.length).toBe(3);
    expect(sealed.chunks[0]?.length).toBe(4096 + CHUNK_OVERHEAD);
    expect(sealed.chunks[2]?.[0]).toBe(1);
    expect(openAttachment(keyring, 'att-1', sealed.header, sealed.chunks)).toEqual({ ok: true, value: file });
  });

  it('an empty file is one final chunk', () => {
    const empty = sealAttachment(keyring, 'att-0', new Uint8Array(0));
    expect(empty.chunks.length).toBe(1);
    expect(openAttachment(keyring, 'att-0', empty.header, empty.chunks)).toEqual({
      ok: true,
      value: new Uint8Array(0),
    });
  });

  it('detects truncation, reordering, duplication and appended chunks', () => {
    const [a, b, c] = sealed.chunks as [Uint8Array, Uint8Array, Uint8Array];
    const open = (chunks: Uint8Array[]) => openAttachment(keyring, 'att-1', sealed.header, chunks);
    expect(code(open([a, b]))).toBe('CRYPTO_DECRYPT_FAILED');
    expect(code(open([b, a, c]))).toBe('CRYPTO_DECRYPT_FAILED');
    expect(code(open([a, a, b, c]))).toBe('CRYPTO_DECRYPT_FAILED');
    expect(code(open([a, b, c, c]))).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('detects a flipped final flag (truncation disguised as the end)', () => {
    const [a, b] = sealed.chunks as [Uint8Array, Uint8Array];
    const forged = b.slice();
    forged[0] = 1;
    expect(code(openAttachment(keyring, 'att-1', sealed.header, [a, forged]))).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('refuses chunks moved to another attachment, and a header moved to another id', () => {
    const other = sealAttachment(keyring, 'att-2', file, 4096);
    const mixed = [sealed.chunks[0]!, other.chunks[1]!, sealed.chunks[2]!];
    expect(code(openAttachment(keyring, 'att-1', sealed.header, mixed))).toBe('CRYPTO_DECRYPT_FAILED');
    expect(code(openAttachment(keyring, 'att-2', sealed.header, sealed.chunks))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
  });

  it('refuses a malformed header or chunk', () => {
    expect(code(openAttachment(keyring, 'att-1', { encryptedKey: '!', keyNonce: '' }, []))).toBe(
      'CRYPTO_ENVELOPE_MALFORMED',
    );
    expect(code(openAttachment(keyring, 'att-1', sealed.header, [new Uint8Array(10)]))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
  });

  it('the sealer refuses to continue after the final chunk', () => {
    const sealer = createAttachmentSealer(keyring, 'att-3');
    sealer.sealChunk(new Uint8Array(1), true);
    expect(() => sealer.sealChunk(new Uint8Array(1), false)).toThrow();
  });

  it('any strict subsequence or permutation other than the original fails (property)', () => {
    const { header, chunks } = sealAttachment(keyring, 'att-p', file, 2048);
    const indices = chunks.map((_, i) => i);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...indices), { minLength: 0, maxLength: 8 }), (order) => {
        const result = openAttachment(
          keyring,
          'att-p',
          header,
          order.map((i) => chunks[i]!),
        );
        const identical = order.length === indices.length && order.every((v, i) => v === i);
        expect(result.ok).toBe(identical);
      }),
    );
  });
});
