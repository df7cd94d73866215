import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { randomBytes } from '@noble/ciphers/utils.js';

/**
 * XChaCha20-Poly1305 with a fresh random 24-byte nonce per message. 192-bit random nonces make
 * a collision negligible for any number of messages one key will ever see, so no counter state
 * has to survive crashes or be shared between tabs.
 */
export const KEY_BYTES = 32;
export const NONCE_BYTES = 24;
export const TAG_BYTES = 16;

export interface Sealed {
  nonce: Uint8Array;
  ciphertext: Uint8Array;
}

export function aeadSeal(key: Uint8Array, plaintext: Uint8Array, associatedData: Uint8Array): Sealed {
  const nonce = randomBytes(NONCE_BYTES);
  return { nonce, ciphertext: xchacha20poly1305(key, nonce, associatedData).encrypt(plaintext) };
}

/**
 * The plaintext, or null when the key, nonce, associated data or ciphertext is wrong. A wrong
 * answer never throws: decryption failure is an expected outcome at a trust boundary.
 */
export function aeadOpen(
  key: Uint8Array,
  nonce: Uint8Array,
  ciphertext: Uint8Array,
  associatedData: Uint8Array,
): Uint8Array | null {
  if (key.length !== KEY_BYTES || nonce.length !== NONCE_BYTES || ciphertext.length < TAG_BYTES) return null;
  try {
    return xchacha20poly1305(key, nonce, associatedData).decrypt(ciphertext);
  } catch {
    return null;
  }
}

export function randomKey(): Uint8Array {
  return randomBytes(KEY_BYTES);
}

export { randomBytes };
