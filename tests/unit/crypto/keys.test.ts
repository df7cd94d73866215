import { describe, expect, it } from 'vitest';
import {
  deriveVaultKeyring,
  generateVaultKey,
  KeyInputError,
  keyVerifier,
  matchesKeyVerifier,
} from '../../../src/sync/crypto/keys';

const vaultId = '0b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b';

describe('vault keyring', () => {
  it('derives distinct subkeys, stable for one key and vault, different for another vault', () => {
    const key = generateVaultKey();
    const ring = deriveVaultKeyring(key, vaultId);
    const subkeys = [ring.itemWrapKey, ring.attachmentWrapKey, ring.nameKey].map((k) => Array.from(k).join());
    expect(new Set(subkeys).size).toBe(3);
    expect(deriveVaultKeyring(key, vaultId)).toEqual(ring);
    expect(deriveVaultKeyring(key, vaultId.replace('0b', '0c')).itemWrapKey).not.toEqual(ring.itemWrapKey);
  });

  it('matches the HKDF-SHA256 derivation documented in docs/keys.md (fixed vector)', () => {
    const ring = deriveVaultKeyring(new Uint8Array(32).fill(7), 'vault-x');
    // Recomputed independently with WebCrypto HKDF below.
    return crypto.subtle
      .importKey('raw', new Uint8Array(32).fill(7), 'HKDF', false, ['deriveBits'])
      .then((base) =>
        crypto.subtle.deriveBits(
          {
            name: 'HKDF',
            hash: 'SHA-256',
            salt: new TextEncoder().encode('vault-x'),
            info: new TextEncoder().encode('cairn.vault.item-wrap.v1'),
          },
          base,
          256,
        ),
      )
      .then((bits) => expect(ring.itemWrapKey).toEqual(new Uint8Array(bits)));
  });

  it('refuses a vault key of the wrong length', () => {
    expect(() => deriveVaultKeyring(new Uint8Array(16), vaultId)).toThrow(KeyInputError);
  });
});

describe('key verifier', () => {
  it('matches the key it came from and no other', () => {
    const key = generateVaultKey();
    const verifier = keyVerifier(key, vaultId);
    expect(matchesKeyVerifier(key, vaultId, verifier)).toBe(true);
    expect(matchesKeyVerifier(generateVaultKey(), vaultId, verifier)).toBe(false);
    expect(matchesKeyVerifier(key, vaultId.replace('0b', '0c'), verifier)).toBe(false);
    expect(matchesKeyVerifier(key, vaultId, 'garbage')).toBe(false);
  });

  it('is not any of the keys the vault uses', () => {
    const key = generateVaultKey();
    const ring = deriveVaultKeyring(key, vaultId);
    const verifier = keyVerifier(key, vaultId);
    for (const secret of [key, ring.itemWrapKey, ring.nameKey, ring.attachmentWrapKey]) {
      expect(Buffer.from(secret).toString('base64')).not.toBe(verifier);
    }
  });
});
