import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { fromBase64, openItemJson, type VaultKeyring, verifyItemSignature } from '../../crypto';
import type { PullItem } from '../../protocol/pull';
import type { SyncError } from '../http/syncError';
import type { IncomingRecord } from '../ports';
import type { KeyDirectory } from './keyDirectory';

export type OpenedItem =
  | { kind: 'ok'; record: IncomingRecord }
  /**
   * the signature fails, or the signed envelope does not decrypt for this (vault, type, id): a
   * forged, re-signed or moved item, quarantined by (type, id) for 7 days (spec 3.8). `cause`:
   * which check failed; an envelope that does not open may also mean this device holds the wrong
   * vault key, which the pull then checks before booking anything (refusedPage.ts)
   */
  | { kind: 'quarantine'; type: string; id: string; reason: string; cause: 'signature' | 'envelope' }
  /** signed metadata, but the payload returned is not the signed one: the corrupt-item tracker (8.3) */
  | { kind: 'corrupt'; type: string; id: string; reason: string }
  /** not a payload this build reads: the schemaInvalidItems ledger (spec 3.8) */
  | { kind: 'schema_invalid'; type: string; id: string; reason: string }
  /** the key directory could not be read: the page fails and the cursor holds */
  | { kind: 'error'; error: SyncError };

/** Verifies a pulled item's signature against the key directory, then opens its envelope. */
export async function openPullItem(
  keyring: VaultKeyring,
  keys: KeyDirectory,
  item: PullItem,
): Promise<OpenedItem> {
  const { type, id } = item;
  const key = await keys.keyOf(item.deviceId);
  if (!key.ok) return { kind: 'error', error: key.error };
  const signature = fromBase64(item.signature);
  const verified =
    key.value !== null &&
    signature !== null &&
    (await verifyItemSignature(
      key.value,
      {
        vaultId: keyring.vaultId,
        type,
        id,
        deviceId: item.deviceId,
        vectorClock: item.vectorClock,
        deletedAt: item.deletedAt,
        contentHash: item.contentHash,
        sizeBytes: item.sizeBytes,
        cryptoVersion: item.cryptoVersion,
      },
      signature,
    ));
  if (!verified)
    return { kind: 'quarantine', type, id, reason: 'signature does not verify', cause: 'signature' };
  // The signature covers contentHash, not the payload: without this check a server could pair
  // signed metadata with an older payload of the same item (same address, so it would open). The
  // metadata is authentic, the bytes are not the signed ones (damaged in storage or transit, or
  // swapped): a later fetch may return the right ones.
  const blob = new TextEncoder().encode(item.payload);
  if (bytesToHex(sha256(blob)) !== item.contentHash || blob.length !== item.sizeBytes) {
    return { kind: 'corrupt', type, id, reason: 'payload does not match its signed hash' };
  }
  let envelope: unknown;
  try {
    envelope = JSON.parse(item.payload);
  } catch {
    return { kind: 'schema_invalid', type, id, reason: 'payload is not JSON' };
  }
  const opened = openItemJson(keyring, { type, id }, envelope);
  if (!opened.ok) {
    return opened.error.code === 'CRYPTO_DECRYPT_FAILED'
      ? { kind: 'quarantine', type, id, reason: opened.error.message, cause: 'envelope' }
      : { kind: 'schema_invalid', type, id, reason: opened.error.message };
  }
  const payload = opened.value;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return { kind: 'schema_invalid', type, id, reason: 'payload is not an object' };
  }
  return {
    kind: 'ok',
    record: {
      type,
      id,
      clock: item.vectorClock,
      deletedAt: item.deletedAt,
      payload: payload as Record<string, unknown>,
    },
  };
}
