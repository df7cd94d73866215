import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../../src/sync/crypto/deviceKey';
import {
  signDeleteAttestation,
  signItem,
  verifyDeleteAttestation,
  verifyItemSignature,
} from '../../../src/sync/crypto/recordSignatures';
import type { DeleteAttestation, ItemSigningFields } from '../../../src/sync/protocol/signing';

const fields: ItemSigningFields = {
  vaultId: 'v1',
  type: 'task',
  id: 't1',
  deviceId: 'dev-a',
  vectorClock: { 'dev-a': 3 },
  deletedAt: null,
  contentHash: '0'.repeat(64),
  sizeBytes: 10,
  cryptoVersion: 1,
};
const attestation: DeleteAttestation = {
  purpose: 'delete',
  id: 't1',
  type: 'task',
  deletedAt: 99,
  clock: { 'dev-a': 4 },
};

describe.each(['webcrypto', 'noble'] as const)('record signatures with a %s device key', (kind) => {
  it('an item signature verifies, and fails for a moved or re-clocked item', async () => {
    const key = await generateDeviceKey(kind === 'webcrypto' ? globalThis.crypto.subtle : undefined);
    expect(key.kind).toBe(kind);
    const signature = await signItem(key, fields);
    expect(await verifyItemSignature(key.publicKey, fields, signature)).toBe(true);
    expect(await verifyItemSignature(key.publicKey, { ...fields, vaultId: 'v2' }, signature)).toBe(false);
    expect(
      await verifyItemSignature(key.publicKey, { ...fields, vectorClock: { 'dev-a': 4 } }, signature),
    ).toBe(false);
    expect(await verifyItemSignature(key.publicKey, { ...fields, sizeBytes: -1 }, signature)).toBe(false);
  });

  it('a delete attestation verifies, and is not an item signature', async () => {
    const key = await generateDeviceKey(kind === 'webcrypto' ? globalThis.crypto.subtle : undefined);
    const signature = await signDeleteAttestation(key, attestation);
    expect(await verifyDeleteAttestation(key.publicKey, attestation, signature)).toBe(true);
    expect(await verifyDeleteAttestation(key.publicKey, { ...attestation, deletedAt: 100 }, signature)).toBe(
      false,
    );
    expect(await verifyItemSignature(key.publicKey, { ...fields, deletedAt: 99 }, signature)).toBe(false);
  });
});
