import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../../src/sync/crypto/bytes';
import {
  openItem,
  openItemJson,
  openVaultName,
  sealItem,
  sealItemJson,
  sealVaultName,
} from '../../../src/sync/crypto/envelope';
import { encodeEnvelopeBlob, parseEnvelopeBlob } from '../../../src/sync/crypto/envelopeFormat';
import { deriveVaultKeyring, generateVaultKey } from '../../../src/sync/crypto/keys';

const vaultId = '0b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b';
const vaultKey = generateVaultKey();
const keyring = deriveVaultKeyring(vaultKey, vaultId);
const note = { type: 'note', id: 'n1' };
const payload = new TextEncoder().encode('{"title":"Groceries"}');

function failureCode(result: { ok: boolean; error?: { code: string } }): string | undefined {
  return result.ok ? undefined : result.error?.code;
}

describe('item envelopes', () => {
  it('round-trips, and each seal uses a fresh data key and nonces', () => {
    const a = sealItem(keyring, note, payload);
    const b = sealItem(keyring, note, payload);
    expect(openItem(keyring, note, a)).toEqual({ ok: true, value: payload });
    expect(a.encryptedData).not.toBe(b.encryptedData);
    expect(a.encryptedKey).not.toBe(b.encryptedKey);
    expect(a.dataNonce).not.toBe(b.dataNonce);
  });

  it('has exactly the four spec fields and the documented sizes', () => {
    const envelope = sealItem(keyring, note, payload);
    expect(Object.keys(envelope).sort()).toEqual(['dataNonce', 'encryptedData', 'encryptedKey', 'keyNonce']);
    expect(fromBase64(envelope.dataNonce)?.length).toBe(24);
    expect(fromBase64(envelope.keyNonce)?.length).toBe(24);
    expect(fromBase64(envelope.encryptedKey)?.length).toBe(48);
    expect(fromBase64(envelope.encryptedData)?.length).toBe(payload.length + 16);
  });

  it('fails to open when moved to another id, type or vault, or with another key', () => {
    const envelope = sealItem(keyring, note, payload);
    const otherVault = deriveVaultKeyring(vaultKey, '1b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b');
    const otherKey = deriveVaultKeyring(generateVaultKey(), vaultId);
    expect(failureCode(openItem(keyring, { type: 'note', id: 'n2' }, envelope))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
    expect(failureCode(openItem(keyring, { type: 'task', id: 'n1' }, envelope))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
    expect(failureCode(openItem(otherVault, note, envelope))).toBe('CRYPTO_DECRYPT_FAILED');
    expect(failureCode(openItem(otherKey, note, envelope))).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('fails when the data of one item is spliced with the key of another', () => {
    const one = sealItem(keyring, note, payload);
    const two = sealItem(keyring, { type: 'note', id: 'n2' }, payload);
    const spliced = { ...one, encryptedData: two.encryptedData, dataNonce: two.dataNonce };
    expect(failureCode(openItem(keyring, note, spliced))).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('detects a flipped ciphertext bit', () => {
    const envelope = sealItem(keyring, note, payload);
    const bytes = fromBase64(envelope.encryptedData)!;
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(failureCode(openItem(keyring, note, { ...envelope, encryptedData: toBase64(bytes) }))).toBe(
      'CRYPTO_DECRYPT_FAILED',
    );
  });

  it.each([
    ['null', null],
    ['a string', 'envelope'],
    ['a missing field', { dataNonce: 'AAAA', encryptedData: 'AAAA', encryptedKey: 'AAAA' }],
    ['an extra field', { ...sealItem(keyring, note, payload), signature: 'AAAA' }],
    ['bad base64', { ...sealItem(keyring, note, payload), dataNonce: 'not base64!' }],
    ['url-safe base64', { ...sealItem(keyring, note, payload), dataNonce: '-_-_' }],
    ['a short nonce', { ...sealItem(keyring, note, payload), keyNonce: toBase64(new Uint8Array(12)) }],
  ])('refuses %s as MALFORMED', (_name, value) => {
    expect(failureCode(openItem(keyring, note, value))).toBe('CRYPTO_ENVELOPE_MALFORMED');
  });

  it('JSON payloads round-trip through the blob bytes', () => {
    const envelope = sealItemJson(keyring, note, { title: 'Plan', tags: ['a'] });
    const blob = encodeEnvelopeBlob(envelope);
    const parsed = parseEnvelopeBlob(blob);
    expect(parsed.ok).toBe(true);
    expect(openItemJson(keyring, note, JSON.parse(new TextDecoder().decode(blob)))).toEqual({
      ok: true,
      value: { title: 'Plan', tags: ['a'] },
    });
    expect(failureCode(parseEnvelopeBlob(new Uint8Array([0xff, 0xfe])))).toBe('CRYPTO_ENVELOPE_MALFORMED');
  });

  it('blob bytes are canonical: the same envelope always hashes the same', () => {
    const envelope = sealItem(keyring, note, payload);
    const reordered = {
      keyNonce: envelope.keyNonce,
      encryptedKey: envelope.encryptedKey,
      encryptedData: envelope.encryptedData,
      dataNonce: envelope.dataNonce,
    };
    expect(encodeEnvelopeBlob(reordered)).toEqual(encodeEnvelopeBlob(envelope));
  });
});

describe('vault names', () => {
  it('round-trips, including non-ASCII names', () => {
    const sealed = sealVaultName(keyring, 'Zettelkästen 📚');
    expect(openVaultName(keyring, sealed)).toEqual({ ok: true, value: 'Zettelkästen 📚' });
  });

  it('is bound to the vault UUID (case-insensitively, as UUIDs compare)', () => {
    const sealed = sealVaultName(keyring, 'Work');
    expect(openVaultName(deriveVaultKeyring(vaultKey, vaultId.toUpperCase()), sealed).ok).toBe(true);
    const moved = openVaultName(deriveVaultKeyring(vaultKey, '2b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b'), sealed);
    expect(failureCode(moved)).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('refuses a malformed sealed name', () => {
    expect(failureCode(openVaultName(keyring, { encryptedName: 'AAAA' }))).toBe('CRYPTO_ENVELOPE_MALFORMED');
  });
});

describe('addresses that cannot be encoded', () => {
  it('refuse to seal and report INPUT_INVALID on open, without throwing', () => {
    const bad = { type: 'note', id: '\uD800' };
    expect(() => sealItem(keyring, bad, payload)).toThrow();
    expect(failureCode(openItem(keyring, bad, sealItem(keyring, note, payload)))).toBe(
      'CRYPTO_INPUT_INVALID',
    );
  });
});
