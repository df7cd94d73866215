import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createWebCryptoEd25519Verifier,
  type Ed25519Verifier,
  isUsableEd25519PublicKey,
  nobleEd25519Verifier,
  selectEd25519Verifier,
  webCryptoHasEd25519,
} from '../../../src/sync/crypto/ed25519Verify';

const subtle = globalThis.crypto.subtle;

/** A SubtleCrypto without Ed25519, as in a browser that lacks it. */
const subtleWithoutEd25519 = new Proxy(subtle, {
  get(target, prop) {
    if (prop === 'importKey')
      return () => Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError'));
    const value: unknown = Reflect.get(target, prop);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});

const backends: [string, Ed25519Verifier][] = [
  ['webcrypto', createWebCryptoEd25519Verifier(subtle)],
  ['noble', nobleEd25519Verifier],
];

describe('backend selection', () => {
  it('picks WebCrypto in Node 20 and noble when the runtime lacks Ed25519', async () => {
    expect(await webCryptoHasEd25519(subtle)).toBe(true);
    expect((await selectEd25519Verifier(subtle)).backend).toBe('webcrypto');
    expect(await webCryptoHasEd25519(subtleWithoutEd25519)).toBe(false);
    expect((await selectEd25519Verifier(subtleWithoutEd25519)).backend).toBe('noble');
    expect((await selectEd25519Verifier(undefined)).backend).toBe('noble');
  });
});

describe.each(backends)('%s verifier', (_name, verifier) => {
  const { secretKey, publicKey } = ed25519.keygen();
  const message = new TextEncoder().encode('cairn');
  const signature = ed25519.sign(message, secretKey);

  it('accepts a valid signature, repeatedly (key cache)', async () => {
    expect(await verifier.verify(publicKey, message, signature)).toBe(true);
    expect(await verifier.verify(publicKey, message, signature)).toBe(true);
  });

  it('refuses a flipped bit in the signature, message or key', async () => {
    const badSig = signature.slice();
    badSig[10] = (badSig[10] ?? 0) ^ 1;
    const badMsg = message.slice();
    badMsg[0] = (badMsg[0] ?? 0) ^ 1;
    const badKey = publicKey.slice();
    badKey[3] = (badKey[3] ?? 0) ^ 1;
    expect(await verifier.verify(publicKey, message, badSig)).toBe(false);
    expect(await verifier.verify(publicKey, badMsg, signature)).toBe(false);
    expect(await verifier.verify(badKey, message, signature)).toBe(false);
  });

  it('refuses a non-canonical S (RFC 8032 strictness on both backends)', async () => {
    // S + L, where L is the group order: valid under lax parsing, invalid under RFC 8032.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    let s = 0n;
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i] ?? 0);
    const bumped = s + L;
    const forged = signature.slice();
    for (let i = 0; i < 32; i++) forged[32 + i] = Number((bumped >> BigInt(8 * i)) & 0xffn);
    expect(await verifier.verify(publicKey, message, forged)).toBe(false);
  });

  it('never throws on garbage', async () => {
    expect(await verifier.verify(new Uint8Array(32), message, new Uint8Array(64))).toBe(false);
    expect(await verifier.verify(new Uint8Array(0), message, signature)).toBe(false);
    expect(await verifier.verify(publicKey, message, new Uint8Array(65))).toBe(false);
  });
});

describe('small-order public keys', () => {
  // The identity point (y = 1) and the order-2 point (y = -1): with R = identity and S = 0 the
  // cofactorless equation holds for every message, so OpenSSL alone would accept them.
  const identity = new Uint8Array(32);
  identity[0] = 1;
  const orderTwo = new Uint8Array(32).fill(0xff);
  orderTwo[0] = 0xec;
  orderTwo[31] = 0x7f;
  const signature = new Uint8Array(64);
  signature.set(identity, 0);
  const message = new TextEncoder().encode('any message at all');

  it.each([
    ['identity', identity],
    ['order two', orderTwo],
  ])('the %s key is unusable and refused by both backends', async (_name, key) => {
    expect(isUsableEd25519PublicKey(key)).toBe(false);
    for (const [, verifier] of backends) expect(await verifier.verify(key, message, signature)).toBe(false);
  });

  it('an honest key is usable', () => {
    expect(isUsableEd25519PublicKey(ed25519.keygen().publicKey)).toBe(true);
  });
});

describe('backends agree (property)', () => {
  it('on honest signatures and on any single corrupted byte', async () => {
    const { secretKey, publicKey } = ed25519.keygen();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 200 }),
        fc.nat(63),
        fc.integer({ min: 1, max: 255 }),
        async (message, position, xor) => {
          const signature = ed25519.sign(message, secretKey);
          const corrupted = signature.slice();
          corrupted[position] = (corrupted[position] ?? 0) ^ xor;
          for (const [, verifier] of backends) {
            expect(await verifier.verify(publicKey, message, signature)).toBe(true);
            expect(await verifier.verify(publicKey, message, corrupted)).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
