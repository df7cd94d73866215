import {
  type DeleteAttestation,
  deleteAttestationBytes,
  type ItemSigningFields,
  itemSigningBytes,
  type SnapshotSigningFields,
  snapshotSigningBytes,
  verifyEd25519,
} from '../protocol/signing';
import { type DeviceSigningKey, signWithDeviceKey } from './deviceKey';

/**
 * The signatures the client push attaches (spec 2.1, 2.3, 5.3): one over each item's canonical
 * metadata and blob hash, and a delete attestation with every delete. Verification is the same
 * function the server uses, so client and server cannot disagree about what was signed.
 */
export function signItem(key: DeviceSigningKey, fields: ItemSigningFields): Promise<Uint8Array> {
  return signWithDeviceKey(key, itemSigningBytes(fields));
}

export function verifyItemSignature(
  publicKey: Uint8Array,
  fields: ItemSigningFields,
  signature: Uint8Array,
): Promise<boolean> {
  const message = safely(() => itemSigningBytes(fields));
  return message ? verifyEd25519(publicKey, message, signature) : Promise.resolve(false);
}

export function signDeleteAttestation(
  key: DeviceSigningKey,
  attestation: DeleteAttestation,
): Promise<Uint8Array> {
  return signWithDeviceKey(key, deleteAttestationBytes(attestation));
}

export function verifyDeleteAttestation(
  publicKey: Uint8Array,
  attestation: DeleteAttestation,
  signature: Uint8Array,
): Promise<boolean> {
  const message = safely(() => deleteAttestationBytes(attestation));
  return message ? verifyEd25519(publicKey, message, signature) : Promise.resolve(false);
}

export function signSnapshot(key: DeviceSigningKey, fields: SnapshotSigningFields): Promise<Uint8Array> {
  return signWithDeviceKey(key, snapshotSigningBytes(fields));
}

/** The server checks a pushed snapshot with this; readers check it against the key directory. */
export function verifySnapshotSignature(
  publicKey: Uint8Array,
  fields: SnapshotSigningFields,
  signature: Uint8Array,
): Promise<boolean> {
  const message = safely(() => snapshotSigningBytes(fields));
  return message ? verifyEd25519(publicKey, message, signature) : Promise.resolve(false);
}

// Fields that cannot be made into signing bytes were not signed by anyone: not a valid signature.
function safely(make: () => Uint8Array): Uint8Array | null {
  try {
    return make();
  } catch {
    return null;
  }
}
