import { createHash, randomBytes } from 'node:crypto';
import type { PushItem } from '../../src/sync/protocol/push';
import {
  deleteAttestationBytes,
  itemSigningBytes,
  snapshotSigningBytes,
} from '../../src/sync/protocol/signing';
import type { TestDevice } from './helpers';

/** A well-formed encrypted payload envelope (random bytes: the server never decrypts). */
export function envelopeText(dataBytes = 64): string {
  const b = (n: number) => randomBytes(n).toString('base64');
  return JSON.stringify({
    dataNonce: b(24),
    encryptedData: b(Math.max(16, dataBytes)),
    encryptedKey: b(48),
    keyNonce: b(24),
  });
}

export interface ItemSpec {
  type?: string;
  id: string;
  clock: Record<string, number>;
  deletedAt?: number | null;
  payload?: string;
  /** sign as if for another vault, etc. */
  signVaultId?: string;
}

/** Builds a correctly signed push item (and delete attestation for tombstones). */
export async function signedItem(
  device: Pick<TestDevice, 'deviceId' | 'privateKey'>,
  vaultId: string,
  spec: ItemSpec,
): Promise<PushItem> {
  const type = spec.type ?? 'note';
  const payload = spec.payload ?? envelopeText();
  const bytes = Buffer.from(payload, 'utf8');
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const deletedAt = spec.deletedAt ?? null;
  const fields = {
    vaultId: spec.signVaultId ?? vaultId,
    type,
    id: spec.id,
    deviceId: device.deviceId,
    vectorClock: spec.clock,
    deletedAt,
    contentHash,
    sizeBytes: bytes.length,
    cryptoVersion: 1,
  };
  const item: PushItem = {
    type,
    id: spec.id,
    deviceId: device.deviceId,
    vectorClock: spec.clock,
    deletedAt,
    payload,
    contentHash,
    sizeBytes: bytes.length,
    cryptoVersion: 1,
    signature: await sign(device, itemSigningBytes(fields)),
  };
  if (deletedAt !== null) {
    item.deleteAttestation = await sign(
      device,
      deleteAttestationBytes({ purpose: 'delete', id: spec.id, type, deletedAt, clock: spec.clock }),
    );
  }
  return item;
}

/** Ed25519 signature (WebCrypto) by a device's private key, base64. */
export async function sign(device: { privateKey: CryptoKey }, message: Uint8Array): Promise<string> {
  const sig = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, device.privateKey, new Uint8Array(message)),
  );
  return Buffer.from(sig).toString('base64');
}

/** A snapshot push body signed by the device over vault, note and the snapshot's hash and size. */
export async function signedSnapshot(
  device: Pick<TestDevice, 'deviceId' | 'privateKey'>,
  vaultId: string,
  body: { noteId: string; snapshot: string; coversThrough?: number },
): Promise<{ noteId: string; snapshot: string; signature: string; coversThrough?: number }> {
  const bytes = Buffer.from(body.snapshot, 'base64');
  const message = snapshotSigningBytes({
    vaultId,
    noteId: body.noteId,
    deviceId: device.deviceId,
    contentHash: createHash('sha256').update(bytes).digest('hex'),
    sizeBytes: bytes.length,
  });
  return { ...body, signature: await sign(device, message) };
}
