import type { VectorClock } from '../../worker/domain/clock/vectorClock';
import type { RecordOp } from './queue/coalesce';

/**
 * The ports the platform-free engine runs on. The worker implements them over Dexie
 * (src/worker/sync/*); tests may implement them in memory. Guarantees are stated per method.
 */

export interface QueuedRecord {
  qid: string;
  type: string;
  id: string;
  op: RecordOp;
  version: number;
  /** device clock when the row was queued (its push lag, spec 6.2); absent when the port does not know */
  enqueuedAt?: number;
}

export type RecordOutcome =
  /** the service holds `clock` (accepted; or SYNC_REPLAY_DETECTED: it holds this version or newer) */
  | { kind: 'accepted'; clock: VectorClock }
  | { kind: 'rejected'; code: string; message: string }
  /** sent, but in neither `accepted` nor `rejected`, or not pushable at all: retired as failed */
  | { kind: 'failed'; code: string; message: string };

export interface OutboxPort {
  /** queued (not dead-letter) record rows, oldest first, skipping `exclude` qids */
  nextRecords(limit: number, exclude: ReadonlySet<string>): Promise<QueuedRecord[]>;
  /**
   * Applies the outcomes in one transaction: accepted deletes the row only when its version is
   * the one sent (else it stays queued, no attempt charged); rejected charges an attempt and
   * retires the row as exhausted at 5; failed retires it at once.
   */
  settle(outcomes: { row: QueuedRecord; outcome: RecordOutcome }[]): Promise<void>;
  /** queued body rows, grouped by document (each document's rows in write order), skipping `excludeDocs` */
  nextBodies(
    limit: number,
    excludeDocs?: ReadonlySet<string>,
  ): Promise<{ qid: string; docId: string; update: Uint8Array }[]>;
  /** deletes exactly the carried body rows */
  ackBodies(qids: readonly string[]): Promise<void>;
  /** `schemaInvalid`: dead letters retired because their payload fails the schema (pre-send check) */
  counts(): Promise<{ queued: number; deadLetters: number; schemaInvalid?: number }>;
  /** deletes dead letters retired before `cutoff` when at least `min` are (spec 4.2.7); answers how many */
  purgeDeadLetters(cutoff: number, min: number): Promise<number>;
}

/** What the push seals for one record: its payload (or tombstone) and clock. */
export interface RecordSnapshot {
  clock: VectorClock;
  /** set when the payload fails this build's own schema of the type: never sent (spec 4.2.3) */
  invalid?: string;
  /** epoch ms of the delete, null while live */
  deletedAt: number | null;
  /** live payload (all synced fields); for a delete: the tombstone `{clock, createdAt, modifiedAt}` */
  payload: Record<string, unknown>;
}

/** A verified, decrypted item from the server, ready to apply. */
export interface IncomingRecord {
  type: string;
  id: string;
  clock: VectorClock;
  deletedAt: number | null;
  payload: Record<string, unknown>;
}

export interface ItemKey {
  type: string;
  id: string;
}

/**
 * What `apply` does with an item whose parent is absent locally (spec 4.3.6): a task whose
 * project or parent task is missing, a status whose project is missing, a task whose status is
 * missing (a dangling `status_id`).
 * - `hold`: not stored; answered in `held` with the parents it needs (the caller re-fetches them);
 * - `settle`: the parents were re-fetched: a child still without its project or parent task is
 *   tombstoned (its clock merged and ticked by this install, the delete queued), a dangling
 *   `status_id` is cleared and the task stored;
 * - `keep`: stored as it is (a parent exists on the service but could not be read here).
 */
export type OrphanMode = 'hold' | 'settle' | 'keep';

export interface HeldItem {
  item: IncomingRecord;
  needs: ItemKey[];
}

export interface ApplyResult {
  /** rows whose local state changed (ITEM_SYNCED after commit, spec 6.2): never an unchanged one */
  changed: ItemKey[];
  held: HeldItem[];
  /** items this build never stores (a relation definition, a journal without date): `declinedSyncRefs` */
  declined: ItemKey[];
  /** items whose payload fails this build's schema of the type (not stored): `schemaInvalidItems` */
  unreadable: ItemKey[];
}

/** What the purged-tombstone rule (4.3.7) needs to know of a local row. */
export interface LocalFacts {
  /** the local row's clock, null when the row has none; the fact is absent when there is no row */
  clock: VectorClock | null;
  /** a local change of it is queued for push */
  queued: boolean;
  /** epoch ms of the row's last local change, null when the row does not say */
  modifiedAt: number | null;
}

export interface RecordPort {
  /** null when the record cannot be pushed (gone without a tombstone clock, or local-only) */
  read(type: string, id: string): Promise<RecordSnapshot | null>;
  /**
   * Applies the items in ONE local transaction that is marked pulled (nothing re-enqueued),
   * parents first, merging with local rows by the type's rule; items with an absent parent as
   * `orphans` says.
   */
  apply(items: IncomingRecord[], orphans: OrphanMode): Promise<ApplyResult>;
  /** facts of the live local rows of `refs` (absent: no live row), one read transaction */
  localFacts(refs: readonly ItemKey[]): Promise<Map<string, LocalFacts>>;
  /** (type, id) of every live, pushable local record and of every remembered local delete */
  localIds(): Promise<{ live: ItemKey[]; deleted: ItemKey[] }>;
  /** queues an update of each live pushable row (the manifest check's re-upload), one transaction */
  requeue(refs: readonly ItemKey[]): Promise<number>;
  /**
   * Orphan repair (spec 4.2.6): queues every record whose clock is not the one the service last
   * acknowledged (or that was never acknowledged) and that has no queue row, with its stored
   * clock. Answers how many were queued.
   */
  repairOrphans(): Promise<number>;
}

/** `type|id`: the key of per-item bookkeeping (spec 4.3.5). */
export const itemKey = (r: ItemKey): string => `${r.type}|${r.id}`;

/** What the service holds of one body, as far as this device merged it (crdtMarks). */
export interface BodyMark {
  /** highest server sequence merged locally: a snapshot from here may cover (prune) up to it */
  appliedSeq: number;
  /** revision of the server snapshot merged or written last; null when none */
  revision: string | null;
}

export interface UploadInfo {
  state: Uint8Array;
  mark: BodyMark | null;
  localOrigin: boolean;
}

export interface BodyPort {
  /**
   * Merges a remote Yjs update into the document through the editor's store; idempotent. With
   * `mark`, the body's mark moves in the SAME transaction (appliedSeq only grows).
   */
  applyRemote(docId: string, update: Uint8Array, mark?: BodyMark): Promise<void>;
  /**
   * Per document (one read transaction for all): its whole local state (every stored update
   * merged), its mark, and whether it is a note created on this install that the service cannot
   * hold a body of from anyone else (its clock names only this install): such a body may go up as
   * a first snapshot. A document with no CRDT state is absent from the answer.
   */
  uploadInfo(docIds: readonly string[]): Promise<Map<string, UploadInfo>>;
  markOf(docId: string): Promise<BodyMark | null>;
  /** the marks of many documents in ONE read transaction (absent: no mark) */
  marksOf(docIds: readonly string[]): Promise<Map<string, BodyMark>>;
  /** the id of every body that syncs (notes that are not local-only, journal entries), keys only */
  bodyIds(): Promise<string[]>;
  /** records the marks in one transaction (appliedSeq only grows) */
  setMarks(marks: readonly { docId: string; mark: BodyMark }[]): Promise<void>;
}

export interface StatePort {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}
