import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { aeadOpen, aeadSeal, KEY_BYTES, NONCE_BYTES } from './aead';
import { fromBase64, toBase64, utf8 } from './bytes';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';
import { normaliseVaultId } from './keys';
import { RECOVERY_SECRET_BYTES } from './recoveryKey';

/**
 * The recovery secret sealed by the vault key (docs/keys.md, "Showing the recovery key again").
 * Any device that holds the vault key (the one that created it, one that restored with the
 * recovery key, one that was linked) can open it and show the key again; the server, which stores
 * it inside the vault key record, cannot. It adds no power: the recovery secret only unwraps the
 * vault key, which the opener already holds.
 *
 * `key = HKDF(vaultKey, vaultId, "cairn.vault.recovery-copy.v1")`,
 * `sealed = AEAD(key, nonce, "cairn.recovery-copy.v1" ‖ \0 ‖ vaultId).encrypt(secret)`.
 */
export interface RecoveryCopy {
  version: 1;
  nonce: string;
  sealed: string;
}

const AD = 'cairn.recovery-copy.v1\u0000';

function copyKey(vaultKey: Uint8Array, vaultId: string): Uint8Array | null {
  if (!(vaultKey instanceof Uint8Array) || vaultKey.length !== KEY_BYTES) return null;
  return hkdf(sha256, vaultKey, utf8(vaultId), utf8('cairn.vault.recovery-copy.v1'), KEY_BYTES);
}

export function sealRecoveryCopy(vaultKey: Uint8Array, vaultId: string, secret: Uint8Array): RecoveryCopy {
  const id = normaliseVaultId(vaultId);
  const key = copyKey(vaultKey, id);
  if (!key || secret.length !== RECOVERY_SECRET_BYTES) throw new Error('recovery copy: bad key or secret');
  const out = aeadSeal(key, secret, utf8(AD + id));
  return { version: 1, nonce: toBase64(out.nonce), sealed: toBase64(out.ciphertext) };
}

/** The recovery secret, or an error value (never throws: the copy came from storage or the server). */
export function openRecoveryCopy(
  vaultKey: Uint8Array,
  vaultId: string,
  copy: unknown,
): CryptoResult<Uint8Array> {
  const c = copy as Partial<RecoveryCopy> | null;
  const nonce = typeof c?.nonce === 'string' ? fromBase64(c.nonce) : null;
  const sealed = typeof c?.sealed === 'string' ? fromBase64(c.sealed) : null;
  if (c?.version !== 1 || !nonce || nonce.length !== NONCE_BYTES || !sealed) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'not a version 1 recovery copy');
  }
  const key = copyKey(vaultKey, normaliseVaultId(vaultId));
  const secret = key ? aeadOpen(key, nonce, sealed, utf8(AD + normaliseVaultId(vaultId))) : null;
  if (!secret || secret.length !== RECOVERY_SECRET_BYTES) {
    return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the recovery copy does not open with this vault key');
  }
  return cryptoOk(secret);
}

/** Parses a stored copy's shape only (opening needs the vault key). */
export function isRecoveryCopy(value: unknown): value is RecoveryCopy {
  const c = value as Partial<RecoveryCopy> | null;
  return c?.version === 1 && typeof c.nonce === 'string' && typeof c.sealed === 'string';
}
