import { describe, expect, it } from 'vitest';
import { generateVaultKey } from '../../../src/sync/crypto/keys';
import {
  formatRecoveryKey,
  generateRecoverySecret,
  parseRecoveryKey,
  unwrapVaultKeyWithRecovery,
  wrapVaultKeyForRecovery,
} from '../../../src/sync/crypto/recoveryKey';

const vaultId = '0b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b';

function code(result: { ok: boolean; error?: { code: string } }): string | undefined {
  return result.ok ? undefined : result.error?.code;
}

describe('recovery key text', () => {
  it('is nine groups of four Crockford characters and parses back', () => {
    const secret = generateRecoverySecret();
    const text = formatRecoveryKey(secret);
    expect(text).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){8}$/);
    expect(parseRecoveryKey(text)).toEqual({ ok: true, value: secret });
  });

  it('forgives case, spaces, missing hyphens and O/I/L look-alikes', () => {
    const secret = new Uint8Array(20); // all zero: the text is all '0' and '1' friendly
    const text = formatRecoveryKey(secret);
    const sloppy = text.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    expect(parseRecoveryKey(sloppy)).toEqual({ ok: true, value: secret });
    const withOnes = formatRecoveryKey(new Uint8Array(20).fill(0x42));
    expect(parseRecoveryKey(withOnes.replace(/1/g, 'l'))).toEqual({
      ok: true,
      value: new Uint8Array(20).fill(0x42),
    });
  });

  it('catches every single-character substitution as a typo', () => {
    // A fixed secret keeps this deterministic (a 20-bit checksum misses 2^-20 of random typos).
    const text = formatRecoveryKey(Uint8Array.from({ length: 20 }, (_, i) => i * 13)).replace(/-/g, '');
    let caught = 0;
    for (let i = 0; i < text.length; i++) {
      const replacement = text[i] === 'A' ? 'B' : 'A';
      const typo = text.slice(0, i) + replacement + text.slice(i + 1);
      if (code(parseRecoveryKey(typo)) === 'RECOVERY_KEY_TYPO') caught++;
    }
    expect(caught).toBe(text.length);
  });

  it('reports wrong length or characters as malformed', () => {
    expect(code(parseRecoveryKey('ABCD-EFGH'))).toBe('RECOVERY_KEY_MALFORMED');
    const text = formatRecoveryKey(generateRecoverySecret());
    expect(code(parseRecoveryKey(text.replace(/^./, 'U')))).toBe('RECOVERY_KEY_MALFORMED');
    expect(code(parseRecoveryKey(`${text}0`))).toBe('RECOVERY_KEY_MALFORMED');
  });
});

describe('recovery wrapping of the vault key', () => {
  it('restores the vault key with the right recovery key and vault only', () => {
    const secret = generateRecoverySecret();
    const vaultKey = generateVaultKey();
    const wrapped = wrapVaultKeyForRecovery(secret, vaultId, vaultKey);
    expect(unwrapVaultKeyWithRecovery(secret, vaultId, wrapped)).toEqual({ ok: true, value: vaultKey });
    expect(code(unwrapVaultKeyWithRecovery(generateRecoverySecret(), vaultId, wrapped))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
    expect(code(unwrapVaultKeyWithRecovery(secret, vaultId.replace('0b', '0c'), wrapped))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
  });

  it('refuses a malformed wrapped key', () => {
    const secret = generateRecoverySecret();
    const bad = { version: 2, wrappedKey: 'AAAA', wrapNonce: 'AAAA' } as unknown as Parameters<
      typeof unwrapVaultKeyWithRecovery
    >[2];
    expect(code(unwrapVaultKeyWithRecovery(secret, vaultId, bad))).toBe('CRYPTO_ENVELOPE_MALFORMED');
  });
});
