import { describe, expect, it } from 'vitest';
import { generateVaultKey } from '../../../src/sync/crypto/keys';
import {
  formatRecoveryKey,
  generateRecoverySecret,
  parseRecoveryKey,
} from '../../../src/sync/crypto/recoveryKey';
import {
  createVaultKeyRecord,
  encodeVaultKeyRecord,
  parseVaultKeyRecord,
  recoverVaultKey,
  vaultKeyMatchesRecord,
} from '../../../src/sync/crypto/vaultKeyRecord';

const vaultId = '0B6F1C2A-8D7E-4A51-9F3B-2C4D5E6F7A8B';

function code(result: { ok: boolean; error?: { code: string } }): string | undefined {
  return result.ok ? undefined : result.error?.code;
}

describe('vault key record', () => {
  it('travels as a short opaque string and restores the key from the typed recovery key', () => {
    const vaultKey = generateVaultKey();
    const secret = generateRecoverySecret();
    const encoded = encodeVaultKeyRecord(createVaultKeyRecord(vaultKey, vaultId, secret));
    expect(encoded.length).toBeLessThan(1024);
    const record = parseVaultKeyRecord(encoded, vaultId);
    if (!record.ok) throw new Error(record.error.message);
    expect(record.value.vaultId).toBe(vaultId.toLowerCase());
    const typed = parseRecoveryKey(formatRecoveryKey(secret).toLowerCase());
    if (!typed.ok) throw new Error(typed.error.message);
    expect(recoverVaultKey(record.value, typed.value)).toEqual({ ok: true, value: vaultKey });
  });

  it('detects a device holding a different vault key', () => {
    const vaultKey = generateVaultKey();
    const record = createVaultKeyRecord(vaultKey, vaultId, generateRecoverySecret());
    expect(vaultKeyMatchesRecord(record, vaultKey)).toBe(true);
    expect(vaultKeyMatchesRecord(record, generateVaultKey())).toBe(false);
  });

  it('a wrong recovery key fails, and so does a record whose verifier was swapped', () => {
    const secret = generateRecoverySecret();
    const record = createVaultKeyRecord(generateVaultKey(), vaultId, secret);
    expect(code(recoverVaultKey(record, generateRecoverySecret()))).toBe('CRYPTO_DECRYPT_FAILED');
    const other = createVaultKeyRecord(generateVaultKey(), vaultId, secret);
    expect(code(recoverVaultKey({ ...record, verifier: other.verifier }, secret))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
  });

  it.each(['', 'not base64!', btoa('{"v":2}'), btoa('[1]')])('refuses %j', (text) => {
    expect(code(parseVaultKeyRecord(text, vaultId))).toBe('CRYPTO_ENVELOPE_MALFORMED');
  });

  it('refuses a record of another vault', () => {
    const encoded = encodeVaultKeyRecord(
      createVaultKeyRecord(generateVaultKey(), vaultId, generateRecoverySecret()),
    );
    expect(code(parseVaultKeyRecord(encoded, '1b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b'))).toBe(
      'CRYPTO_INPUT_INVALID',
    );
  });
});
