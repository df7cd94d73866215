/** `POST /sync/pull` (spec 2.4, 4): fetch rows by (type, id), at most 100 per request. */
import * as v from 'valibot';
import { itemId } from './common';
import { PULL_SLICE_IDS } from './limits';

export const ItemRef = v.strictObject({
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  id: itemId,
});
export type ItemRef = v.InferOutput<typeof ItemRef>;

export const PullRequest = v.strictObject({
  items: v.pipe(v.array(ItemRef), v.minLength(1), v.maxLength(PULL_SLICE_IDS)),
});
export type PullRequest = v.InferOutput<typeof PullRequest>;

/** One row as a client receives it: the metadata, the signature and the ciphertext. */
export interface PullItem {
  type: string;
  id: string;
  deviceId: string;
  vectorClock: Record<string, number>;
  deletedAt: number | null;
  payload: string;
  contentHash: string;
  sizeBytes: number;
  cryptoVersion: number;
  signature: string;
  deleteAttestation: string | null;
  serverCursor: number | null;
  committedAtMs: number | null;
  createdAt: number;
  updatedAt: number;
  platform: string | null;
  version: string | null;
}

/** A tombstone whose payload was purged: no ciphertext, no record signature (spec 2.4). */
export interface PurgedTombstone {
  type: string;
  id: string;
  clock: Record<string, number>;
  deletedAt: number;
  signerDeviceId: string;
  deleteAttestation: string | null;
}

export interface PullResponse {
  items: PullItem[];
  /** present only when the request declared `purged_tombstones` */
  purgedTombstones?: PurgedTombstone[];
  /** live rows whose payload object is gone */
  blobMissing: ItemRef[];
}
