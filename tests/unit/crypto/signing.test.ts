import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import {
  DELETE_ATTESTATION_PREFIX,
  deleteAttestationBytes,
  ITEM_SIGNING_PREFIX,
  type ItemSigningFields,
  itemSigningBytes,
  SigningInputError,
  sha256Hex,
  sha256HexSync,
  verifyEd25519,
} from '../../../src/sync/protocol/signing';

const decoder = new TextDecoder();

const fields: ItemSigningFields = {
  vaultId: '4b8f4c8e-1f0a-4d6e-9a57-0c1d2e3f4a5b',
  type: 'note',
  id: 'n1',
  deviceId: 'dev-a',
  vectorClock: { 'dev-b': 2, 'dev-a': 7 },
  deletedAt: null,
  contentHash: 'a'.repeat(64),
  sizeBytes: 120,
  cryptoVersion: 1,
};

describe('itemSigningBytes', () => {
  it('is the prefix plus canonical JSON with sorted keys and sorted clock keys', () => {
    const text = decoder.decode(itemSigningBytes(fields));
    expect(text).toBe(
      `${ITEM_SIGNING_PREFIX}{"contentHash":"${'a'.repeat(64)}","cryptoVersion":1,"deletedAt":null,"deviceId":"dev-a","id":"n1","sizeBytes":120,"type":"note","vaultId":"4b8f4c8e-1f0a-4d6e-9a57-0c1d2e3f4a5b","vectorClock":{"dev-a":7,"dev-b":2}}`,
    );
  });

  it('does not depend on property insertion order', () => {
    const reordered: ItemSigningFields = {
      cryptoVersion: 1,
      sizeBytes: 120,
      contentHash: 'a'.repeat(64),
      deletedAt: null,
      vectorClock: { 'dev-a': 7, 'dev-b': 2 },
      deviceId: 'dev-a',
      id: 'n1',
      type: 'note',
      vaultId: fields.vaultId,
    };
    expect(itemSigningBytes(reordered)).toEqual(itemSigningBytes(fields));
  });

  it('changes when any signed field changes', () => {
    const base = itemSigningBytes(fields);
    const variants: ItemSigningFields[] = [
      { ...fields, vaultId: 'other' },
      { ...fields, type: 'task' },
      { ...fields, id: 'n2' },
      { ...fields, deviceId: 'dev-b' },
      { ...fields, vectorClock: { 'dev-a': 8, 'dev-b': 2 } },
      { ...fields, deletedAt: 5 },
      { ...fields, contentHash: 'b'.repeat(64) },
      { ...fields, sizeBytes: 121 },
      { ...fields, cryptoVersion: 2 },
    ];
    for (const variant of variants) expect(itemSigningBytes(variant)).not.toEqual(base);
  });

  it.each([
    ['a fractional tick', { ...fields, vectorClock: { a: 1.5 } }],
    ['a negative tick', { ...fields, vectorClock: { a: -1 } }],
    ['a NaN tick', { ...fields, vectorClock: { a: Number.NaN } }],
    ['an unsafe tick', { ...fields, vectorClock: { a: 2 ** 53 } }],
    ['an uppercase hash', { ...fields, contentHash: 'A'.repeat(64) }],
    ['a short hash', { ...fields, contentHash: 'a'.repeat(63) }],
    ['a negative size', { ...fields, sizeBytes: -1 }],
    ['an empty id', { ...fields, id: '' }],
    ['a fractional deletedAt', { ...fields, deletedAt: 1.25 }],
  ])('throws on %s', (_name, bad) => {
    expect(() => itemSigningBytes(bad as ItemSigningFields)).toThrow(SigningInputError);
  });
});

describe('deleteAttestationBytes', () => {
  const attestation = {
    purpose: 'delete',
    id: 'n1',
    type: 'note',
    deletedAt: 1700,
    clock: { z: 1, a: 2 },
  } as const;

  it('is the delete prefix plus canonical JSON', () => {
    expect(decoder.decode(deleteAttestationBytes(attestation))).toBe(
      `${DELETE_ATTESTATION_PREFIX}{"clock":{"a":2,"z":1},"deletedAt":1700,"id":"n1","purpose":"delete","type":"note"}`,
    );
  });

  it('never equals an item message (domain separation)', () => {
    const bytes = deleteAttestationBytes(attestation);
    expect(decoder.decode(bytes).startsWith(ITEM_SIGNING_PREFIX)).toBe(false);
  });

  it('rejects a bad clock', () => {
    expect(() => deleteAttestationBytes({ ...attestation, clock: { a: 0.5 } })).toThrow(SigningInputError);
  });
});

describe('verifyEd25519', () => {
  const { secretKey, publicKey } = ed25519.keygen();
  const message = itemSigningBytes(fields);
  const signature = ed25519.sign(message, secretKey);

  it('accepts a valid signature and refuses a changed message or key', async () => {
    expect(await verifyEd25519(publicKey, message, signature)).toBe(true);
    expect(await verifyEd25519(publicKey, itemSigningBytes({ ...fields, sizeBytes: 1 }), signature)).toBe(
      false,
    );
    expect(await verifyEd25519(ed25519.keygen().publicKey, message, signature)).toBe(false);
  });

  it('returns false, never throws, on malformed input', async () => {
    expect(await verifyEd25519(publicKey.slice(0, 31), message, signature)).toBe(false);
    expect(await verifyEd25519(publicKey, message, signature.slice(0, 63))).toBe(false);
    expect(await verifyEd25519(new Uint8Array(32).fill(0xff), message, signature)).toBe(false);
    expect(await verifyEd25519(null as unknown as Uint8Array, message, signature)).toBe(false);
    expect(await verifyEd25519(publicKey, 'text' as unknown as Uint8Array, signature)).toBe(false);
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 vector on both paths', async () => {
    const abc = new TextEncoder().encode('abc');
    const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(await sha256Hex(abc)).toBe(expected);
    expect(sha256HexSync(abc)).toBe(expected);
  });
});
