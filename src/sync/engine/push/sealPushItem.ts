import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  type DeviceSigningKey,
  encodeEnvelopeBlob,
  sealItemJson,
  signDeleteAttestation,
  signItem,
  toBase64,
  type VaultKeyring,
} from '../../crypto';
import type { PushItem } from '../../protocol/push';
import type { RecordSnapshot } from '../ports';

export const CRYPTO_VERSION = 1;

/**
 * One record sealed and signed for `POST /sync/push` (docs/keys.md 2 and 5): the payload (or
 * tombstone) in an envelope bound to (vault, type, id), its content hash and size over the blob
 * bytes, the item signature by this device, and a delete attestation with every delete.
 */
export async function sealPushItem(
  keyring: VaultKeyring,
  signer: { key: DeviceSigningKey; deviceId: string },
  address: { type: string; id: string },
  snapshot: RecordSnapshot,
): Promise<PushItem> {
  const envelope = sealItemJson(keyring, address, snapshot.payload);
  const blob = encodeEnvelopeBlob(envelope);
  const fields = {
    vaultId: keyring.vaultId,
    type: address.type,
    id: address.id,
    deviceId: signer.deviceId,
    vectorClock: { ...snapshot.clock },
    deletedAt: snapshot.deletedAt,
    contentHash: bytesToHex(sha256(blob)),
    sizeBytes: blob.length,
    cryptoVersion: CRYPTO_VERSION,
  };
  const signature = toBase64(await signItem(signer.key, fields));
  const deleteAttestation =
    snapshot.deletedAt === null
      ? null
      : toBase64(
          await signDeleteAttestation(signer.key, {
            purpose: 'delete',
            id: address.id,
            type: address.type,
            deletedAt: snapshot.deletedAt,
            clock: { ...snapshot.clock },
          }),
        );
  const { vaultId: _signedNotSent, ...wire } = fields; // the vault is signed over, and named by the header
  return { ...wire, payload: new TextDecoder().decode(blob), signature, deleteAttestation };
}
