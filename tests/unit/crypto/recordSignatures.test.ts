import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../../src/sync/crypto/deviceKey';
import {
  signDeleteAttestation,
  signItem,
  signSnapshot,
  verifyDeleteAttestation,
  verifyItemSignature,
  verifySnapshotSignature,
} from '../../../src/sync/crypto/recordSignatures';
import {
  type DeleteAttestation,
  type ItemSigningFields,
  SNAPSHOT_SIGNING_PREFIX,
  type SnapshotSigningFields,
  snapshotSigningBytes,
} from '../../../src/sync/protocol/signing';

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
const snapshot: SnapshotSigningFields = {
  vaultId: 'v1',
  noteId: 'n1',
  deviceId: 'dev-a',
  contentHash: 'a'.repeat(64),
  sizeBytes: 120,
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

  it('a snapshot signature binds vault, note, signer and bytes, and is no item signature', async () => {
    const key = await generateDeviceKey(kind === 'webcrypto' ? globalThis.crypto.subtle : undefined);
    const signature = await signSnapshot(key, snapshot);
    expect(await verifySnapshotSignature(key.publicKey, snapshot, signature)).toBe(true);
    for (const moved of [
      { ...snapshot, noteId: 'n2' },
      { ...snapshot, vaultId: 'v2' },
      { ...snapshot, deviceId: 'dev-b' },
      { ...snapshot, contentHash: 'b'.repeat(64) },
      { ...snapshot, sizeBytes: 121 },
    ])
      expect(await verifySnapshotSignature(key.publicKey, moved, signature)).toBe(false);
    expect(await verifyItemSignature(key.publicKey, fields, signature)).toBe(false);
  });
});

describe('snapshotSigningBytes', () => {
  it('is the snapshot prefix plus canonical JSON of the five fields', () => {
    expect(new TextDecoder().decode(snapshotSigningBytes(snapshot))).toBe(
      `${SNAPSHOT_SIGNING_PREFIX}{"contentHash":"${'a'.repeat(64)}","deviceId":"dev-a","noteId":"n1","sizeBytes":120,"vaultId":"v1"}`,
    );
    expect(() => snapshotSigningBytes({ ...snapshot, contentHash: 'XY' })).toThrow();
  });
});
