/**
 * `POST /sync/push` (spec section 4, 2.1, 2.3). The envelope is checked as a whole; each item is
 * then validated ALONE, so one bad item is one `rejected[]` entry and never fails its batch.
 *
 * `payload` is the blob itself as text: the JSON object `{dataNonce, encryptedData, encryptedKey,
 * keyNonce}` exactly as the client serialized it. `contentHash` is the lowercase hex SHA-256 of
 * its UTF-8 bytes and `sizeBytes` their count; both are inside the signed metadata.
 */
import * as v from 'valibot';
import { base64, epochMs, itemId, sha256Hex, vectorClock } from './common';
import type { ItemRejectionCode } from './errors';
import { PUSH_BATCH_SIZE } from './limits';

export const PushEnvelope = v.object({
  items: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(PUSH_BATCH_SIZE)),
});

/** Just enough to name an item; an item without these is dropped (the client counts it failed). */
export const NamedItem = v.object({ type: v.pipe(v.string(), v.minLength(1), v.maxLength(64)), id: itemId });

export const PushItem = v.strictObject({
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  id: itemId,
  /** the signing device: must be the device of the access token */
  deviceId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  vectorClock,
  /** epoch ms for a tombstone, null for a live item */
  deletedAt: v.nullable(epochMs),
  payload: v.pipe(v.string(), v.minLength(2)),
  contentHash: sha256Hex,
  sizeBytes: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  cryptoVersion: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(255)),
  /** Ed25519 over itemSigningBytes (signing.ts), base64 */
  signature: base64(64),
  /** Ed25519 over deleteAttestationBytes({purpose, id, type, deletedAt, clock: vectorClock}); required for deletes */
  deleteAttestation: v.optional(v.nullable(base64(64))),
});
export type PushItem = v.InferOutput<typeof PushItem>;

export interface PushAccepted {
  type: string;
  id: string;
  serverCursor: number;
}

export interface PushRejected {
  type: string;
  id: string;
  code: ItemRejectionCode;
  reason: string;
}

export interface PushResponse {
  accepted: PushAccepted[];
  rejected: PushRejected[];
  /** top of the cursors this request took; null when nothing was accepted */
  maxCursor: number | null;
  committedAtMs: number;
}
