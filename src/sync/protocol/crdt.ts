/**
 * Note-body (CRDT) routes (spec 2.6, section 4). Update and snapshot bytes are opaque to the
 * service (encrypted Yjs updates); they travel as base64.
 */
import * as v from 'valibot';
import { base64, itemId } from './common';
import { CRDT_SNAPSHOT_BATCH_SIZE, CRDT_UPDATES_BATCH_NOTES, MAX_SYNC_BODY_BYTES } from './limits';

const sequence = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const pageLimit = v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(100));

/** `POST /sync/crdt/updates`: one incremental update of one note (at most 1 MB). */
/** An update over CRDT_UPDATE_MAX_BYTES decoded gets a bare 413: send it as a snapshot instead. */
export const CrdtUpdatePush = v.strictObject({ noteId: itemId, update: base64(MAX_SYNC_BODY_BYTES) });
export type CrdtUpdatePush = v.InferOutput<typeof CrdtUpdatePush>;
export interface CrdtUpdatePushResponse {
  sequenceNum: number;
  /** true when the same bytes were already stored: nothing new was written or charged */
  duplicate: boolean;
}

export interface CrdtUpdate {
  sequenceNum: number;
  data: string;
  deviceId: string;
  createdAt: number;
}

/** `GET /sync/crdt/updates?note_id=&since=&limit=` */
export interface CrdtUpdatesResponse {
  noteId: string;
  updates: CrdtUpdate[];
  /** more updates exist after the last one returned */
  hasMore: boolean;
}

export const CrdtUpdatesBatchRequest = v.strictObject({
  notes: v.pipe(
    v.array(v.strictObject({ noteId: itemId, since: sequence })),
    v.minLength(1),
    v.maxLength(CRDT_UPDATES_BATCH_NOTES),
  ),
  limit: v.optional(pageLimit, 100),
});
export type CrdtUpdatesBatchRequest = v.InferOutput<typeof CrdtUpdatesBatchRequest>;

export interface SnapshotMeta {
  sequenceNum: number;
  revision: string;
  signerDeviceId: string;
}

export interface CrdtUpdatesBatchResponse {
  notes: Record<string, { updates: CrdtUpdate[]; hasMore: boolean }>;
  /** a note absent from this map has no snapshot */
  snapshotMeta: Record<string, SnapshotMeta>;
  /**
   * Present (true) when the snapshot routes take `expectedRevision` (docs/protocol.md): a client
   * sends the precondition only to a server that says so, so an older one never sees the field.
   */
  snapshotPrecondition?: true;
}

export const CrdtSnapshotPush = v.strictObject({
  noteId: itemId,
  /** at most CRDT_SNAPSHOT_MAX_BYTES decoded; a larger one is answered with a bare 413 */
  snapshot: base64(MAX_SYNC_BODY_BYTES),
  /**
   * Ed25519 by the pushing device over snapshotSigningBytes (signing.ts): vault, note, device and
   * the SHA-256 and size of these snapshot bytes. The server verifies it before storing; readers
   * verify it again against the key directory.
   */
  signature: base64(64),
  /** prune stored updates up to this sequence number (default: the note's current watermark) */
  coversThrough: v.optional(sequence),
  /**
   * Replace only if the note's stored snapshot is this revision (null: only if the note has none).
   * Absent: replace unconditionally, as before. A mismatch is SNAPSHOT_REVISION_CONFLICT and
   * nothing is stored or pruned; the check and the write are one transaction (docs/protocol.md).
   */
  expectedRevision: v.optional(v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(128)))),
});
export type CrdtSnapshotPush = v.InferOutput<typeof CrdtSnapshotPush>;

export interface CrdtSnapshotPushResponse {
  sequenceNum: number;
  revision: string;
}

export const CrdtSnapshotBatch = v.strictObject({
  snapshots: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(CRDT_SNAPSHOT_BATCH_SIZE)),
});

/** Why one snapshot was refused (an addition to the spec's `{noteId, accepted, reason}`). */
export type SnapshotRefusalCode =
  | 'VALIDATION_ERROR'
  | 'SYNC_INVALID_SIGNATURE'
  /** the stored revision is not `expectedRevision`; the result also carries `currentRevision` */
  | 'SNAPSHOT_REVISION_CONFLICT';

export type CrdtSnapshotBatchResult =
  | { noteId: string; accepted: true; sequenceNum: number; revision: string }
  | {
      noteId: string;
      accepted: false;
      reason: string;
      code: SnapshotRefusalCode;
      /** with SNAPSHOT_REVISION_CONFLICT: the revision stored when the write was refused (null: none) */
      currentRevision?: string | null;
    };

export interface CrdtSnapshotBatchResponse {
  results: CrdtSnapshotBatchResult[];
}

export interface CrdtSnapshotResponse {
  /** null when there is no snapshot, or when its blob is gone */
  snapshot: string | null;
  sequenceNum: number;
  signerDeviceId: string | null;
  revision: string | null;
  /** base64 Ed25519 signature of the signer (an addition to spec 2.6, so readers can verify); null with no snapshot */
  signature: string | null;
}
