import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { base32crockford } from '@scure/base';
import { aeadOpen, aeadSeal, KEY_BYTES, NONCE_BYTES, randomBytes } from './aead';
import { fromBase64, toBase64, utf8 } from './bytes';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';
import { normaliseVaultId } from './keys';

/**
 * The recovery key (docs/keys.md, "Recovery key"): 160 random bits shown once as 36 Crockford
 * base32 characters in nine groups of four, e.g. `7Q2M-...-K3XW`. The first 32 characters are
 * the secret, the last 4 a 20-bit checksum, so a typo is caught before any decryption is tried
 * (a random typo passes with probability 2^-20). Input is forgiving the Crockford way: case,
 * spaces and hyphens are ignored, O reads as 0 and I/L as 1.
 *
 * The secret wraps the vault key through HKDF-SHA256, not scrypt/argon2: it is uniformly random
 * with 160 bits of entropy, so an offline guess is hopeless without any stretching, and the
 * user never picks it. A slow KDF would only cost phones seconds per unlock.
 */
export const RECOVERY_SECRET_BYTES = 20;
const CHECK_CHARS = 4;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const WRAP_AD = 'cairn.recovery.v1\u0000';

export interface RecoveryWrappedVaultKey {
  version: 1;
  wrappedKey: string;
  wrapNonce: string;
}

export function generateRecoverySecret(): Uint8Array {
  return randomBytes(RECOVERY_SECRET_BYTES);
}

function checksum(secret: Uint8Array): string {
  const digest = sha256(concatBytes(utf8('cairn.recovery.check.v1\u0000'), secret));
  const bits = (((digest[0] ?? 0) << 16) | ((digest[1] ?? 0) << 8) | (digest[2] ?? 0)) >>> 4;
  let out = '';
  for (let shift = 15; shift >= 0; shift -= 5) out += ALPHABET[(bits >>> shift) & 31];
  return out;
}

/** The display form: 36 characters in groups of four. */
export function formatRecoveryKey(secret: Uint8Array): string {
  if (secret.length !== RECOVERY_SECRET_BYTES) throw new Error('recovery secret must be 20 bytes');
  const text = base32crockford.encode(secret) + checksum(secret);
  return text.match(/.{4}/g)?.join('-') ?? text;
}

/** The secret typed back by a user, or what to tell them about the mistake. */
export function parseRecoveryKey(input: string): CryptoResult<Uint8Array> {
  const text = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const expectedLength = (RECOVERY_SECRET_BYTES * 8) / 5 + CHECK_CHARS;
  if (text.length !== expectedLength || ![...text].every((c) => ALPHABET.includes(c))) {
    return cryptoFail('RECOVERY_KEY_MALFORMED', `a recovery key has ${expectedLength} letters and digits`);
  }
  const secret = base32crockford.decode(text.slice(0, -CHECK_CHARS));
  if (checksum(secret) !== text.slice(-CHECK_CHARS)) {
    return cryptoFail('RECOVERY_KEY_TYPO', 'the recovery key has a typo: check each group');
  }
  return cryptoOk(secret);
}

function wrappingKey(secret: Uint8Array, vaultId: string): Uint8Array {
  return hkdf(sha256, secret, utf8(vaultId), utf8('cairn.recovery.wrap.v1'), KEY_BYTES);
}

export function wrapVaultKeyForRecovery(
  secret: Uint8Array,
  vaultId: string,
  vaultKey: Uint8Array,
): RecoveryWrappedVaultKey {
  const id = normaliseVaultId(vaultId);
  const sealed = aeadSeal(wrappingKey(secret, id), vaultKey, utf8(WRAP_AD + id));
  return { version: 1, wrappedKey: toBase64(sealed.ciphertext), wrapNonce: toBase64(sealed.nonce) };
}

/** The vault key, or DECRYPT_FAILED when this recovery key is not the one for this vault. */
export function unwrapVaultKeyWithRecovery(
  secret: Uint8Array,
  vaultId: string,
  wrapped: RecoveryWrappedVaultKey,
): CryptoResult<Uint8Array> {
  const id = normaliseVaultId(vaultId);
  const ciphertext = typeof wrapped?.wrappedKey === 'string' ? fromBase64(wrapped.wrappedKey) : null;
  const nonce = typeof wrapped?.wrapNonce === 'string' ? fromBase64(wrapped.wrapNonce) : null;
  if (wrapped?.version !== 1 || !ciphertext || !nonce || nonce.length !== NONCE_BYTES) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'not a version 1 recovery-wrapped key');
  }
  const vaultKey = aeadOpen(wrappingKey(secret, id), nonce, ciphertext, utf8(WRAP_AD + id));
  if (!vaultKey || vaultKey.length !== KEY_BYTES) {
    return cryptoFail('CRYPTO_DECRYPT_FAILED', 'this recovery key does not unlock this vault');
  }
  return cryptoOk(vaultKey);
}
