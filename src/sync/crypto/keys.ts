import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { KEY_BYTES, randomKey } from './aead';
import { constantTimeEqual, fromBase64, toBase64, utf8 } from './bytes';

/**
 * The vault key hierarchy (docs/keys.md, "Key hierarchy").
 *
 *   vault key (32 random bytes, one per vault, never leaves a device in clear)
 *     ├─ HKDF "cairn.vault.item-wrap.v1"        seals each item's fresh data key
 *     ├─ HKDF "cairn.vault.attachment-wrap.v1"  seals each attachment's fresh file key
 *     ├─ HKDF "cairn.vault.name.v1"             seals the vault's display name
 *     └─ HKDF "cairn.vault.key-verifier.v1"     the verifier the server stores
 *
 * Every subkey uses the vault id (lowercased) as HKDF salt, so a key is bound to one vault.
 * HKDF (not scrypt/argon2) is right here: the input is a uniformly random 256-bit key, so there
 * is nothing for a slow KDF to protect against.
 */
export interface VaultKeyring {
  readonly vaultId: string;
  readonly itemWrapKey: Uint8Array;
  readonly attachmentWrapKey: Uint8Array;
  readonly nameKey: Uint8Array;
  /**
   * this key's verifier (public, as the server stores it): the pull compares it with the
   * account's vault key record when what it receives does not open (docs/sync-client.md, "Pull")
   */
  readonly verifier: string;
}

export class KeyInputError extends Error {
  override readonly name = 'KeyInputError';
}

export function generateVaultKey(): Uint8Array {
  return randomKey();
}

/** Vault ids are UUIDs, which compare case-insensitively (RFC 9562): bind the lowercase form. */
export function normaliseVaultId(vaultId: string): string {
  if (typeof vaultId !== 'string' || vaultId.length === 0)
    throw new KeyInputError('vault id must be non-empty');
  return vaultId.toLowerCase();
}

function subkey(vaultKey: Uint8Array, vaultId: string, label: string): Uint8Array {
  if (!(vaultKey instanceof Uint8Array) || vaultKey.length !== KEY_BYTES) {
    throw new KeyInputError('vault key must be 32 bytes');
  }
  return hkdf(sha256, vaultKey, utf8(vaultId), utf8(label), KEY_BYTES);
}

export function deriveVaultKeyring(vaultKey: Uint8Array, vaultId: string): VaultKeyring {
  const id = normaliseVaultId(vaultId);
  return {
    vaultId: id,
    itemWrapKey: subkey(vaultKey, id, 'cairn.vault.item-wrap.v1'),
    attachmentWrapKey: subkey(vaultKey, id, 'cairn.vault.attachment-wrap.v1'),
    nameKey: subkey(vaultKey, id, 'cairn.vault.name.v1'),
    verifier: keyVerifier(vaultKey, id),
  };
}

/**
 * The key verifier: base64 of 32 HKDF output bytes. The server stores it and hands it to every
 * device; HKDF is one-way, so the server learns nothing about the vault key, while a device
 * holding a different key derives a different verifier and detects the mismatch before it
 * pushes anything sealed under the wrong key.
 */
export function keyVerifier(vaultKey: Uint8Array, vaultId: string): string {
  return toBase64(subkey(vaultKey, normaliseVaultId(vaultId), 'cairn.vault.key-verifier.v1'));
}

/** True when `vaultKey` is the key the stored verifier was made from. Constant-time compare. */
export function matchesKeyVerifier(vaultKey: Uint8Array, vaultId: string, storedVerifier: string): boolean {
  const stored = fromBase64(storedVerifier);
  if (!stored) return false;
  return constantTimeEqual(fromBase64(keyVerifier(vaultKey, vaultId)) ?? new Uint8Array(0), stored);
}
