import { describe, expect, it } from 'vitest';
import { generateVaultKey } from '../../../src/sync/crypto/keys';
import { openRecoveryCopy, sealRecoveryCopy } from '../../../src/sync/crypto/recoveryCopy';
import { generateRecoverySecret } from '../../../src/sync/crypto/recoveryKey';
import {
  createVaultKeyRecord,
  encodeVaultKeyRecord,
  parseVaultKeyRecord,
} from '../../../src/sync/crypto/vaultKeyRecord';

const vaultId = '0B6F1C2A-8D7E-4A51-9F3B-2C4D5E6F7A8B';
const otherVault = '1c2d3e4f-0000-4000-8000-000000000001';
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error?.code);

describe('recovery copy (the recovery secret sealed by the vault key)', () => {
  it('round-trips with the vault key, whatever the case of the vault id', () => {
    const vaultKey = generateVaultKey();
    const secret = generateRecoverySecret();
    const copy = sealRecoveryCopy(vaultKey, vaultId, secret);
    expect(openRecoveryCopy(vaultKey, vaultId.toLowerCase(), copy)).toEqual({ ok: true, value: secret });
  });

  it('never holds the secret in clear', () => {
    const vaultKey = generateVaultKey();
    const secret = generateRecoverySecret();
    const copy = sealRecoveryCopy(vaultKey, vaultId, secret);
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const stored = JSON.stringify(copy);
    expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
    expect(hex(Buffer.from(copy.sealed, 'base64'))).not.toContain(hex(secret));
  });

  it('does not open with another vault key or under another vault', () => {
    const vaultKey = generateVaultKey();
    const copy = sealRecoveryCopy(vaultKey, vaultId, generateRecoverySecret());
    expect(code(openRecoveryCopy(generateVaultKey(), vaultId, copy))).toBe('CRYPTO_DECRYPT_FAILED');
    expect(code(openRecoveryCopy(vaultKey, otherVault, copy))).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('answers malformed input with an error value, never a throw', () => {
    const vaultKey = generateVaultKey();
    for (const bad of [
      null,
      7,
      {},
      { version: 2, nonce: 'AA==', sealed: 'AA==' },
      { version: 1, nonce: '!', sealed: 'x' },
    ]) {
      expect(code(openRecoveryCopy(vaultKey, vaultId, bad))).toBe('CRYPTO_ENVELOPE_MALFORMED');
    }
    const copy = sealRecoveryCopy(vaultKey, vaultId, generateRecoverySecret());
    expect(code(openRecoveryCopy(new Uint8Array(5), vaultId, copy))).toBe('CRYPTO_DECRYPT_FAILED');
  });
});

describe('vault key record with its recovery copy', () => {
  it('carries the copy through the server string, under the 1024-character limit', () => {
    const vaultKey = generateVaultKey();
    const secret = generateRecoverySecret();
    const encoded = encodeVaultKeyRecord(createVaultKeyRecord(vaultKey, vaultId, secret));
    expect(encoded.length).toBeLessThan(1024);
    const record = parseVaultKeyRecord(encoded, vaultId);
    if (!record.ok) throw new Error(record.error.message);
    expect(openRecoveryCopy(vaultKey, vaultId, record.value.recoveryCopy)).toEqual({
      ok: true,
      value: secret,
    });
  });

  it('still reads a record written before the copy existed, and drops a malformed copy', () => {
    const vaultKey = generateVaultKey();
    const { recoveryCopy: _dropped, ...old } = createVaultKeyRecord(
      vaultKey,
      vaultId,
      generateRecoverySecret(),
    );
    const parsedOld = parseVaultKeyRecord(encodeVaultKeyRecord(old), vaultId);
    expect(parsedOld.ok && parsedOld.value.recoveryCopy).toBe(undefined);
    const broken = Buffer.from(JSON.stringify({ ...old, recoveryCopy: { version: 1, nonce: 3 } })).toString(
      'base64',
    );
    const parsedBroken = parseVaultKeyRecord(broken, vaultId);
    expect(parsedBroken.ok).toBe(true);
    expect(parsedBroken.ok && parsedBroken.value.recoveryCopy).toBe(undefined);
  });
});
