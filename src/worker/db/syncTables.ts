import type { EntityTable } from 'dexie';
import type { VectorClock } from '../domain/clock/vectorClock';

/**
 * Tables of the sync engine, applied as schema version 4 (see schema.ts and docs/sync-client.md).
 * They are written by the outbox middleware (src/worker/sync/outboxMiddleware.ts) inside the SAME
 * IndexedDB transaction as the row they describe, so a row, its clock and its outbox entry can
 * never disagree after a crash.
 */

/** What a queued record change asks the server to do. */
export type QueueOp = 'create' | 'update' | 'delete';

/**
 * One entry of the outbox (`sync_queue` of spec 2.12 and 3.2).
 * - record rows (`kind: 'record'`) are keyed `r|<type>|<id>`: one per item, coalesced;
 * - body rows (`kind: 'body'`) are keyed `b|<docId>|<local update seq, 12 digits>`: append-only,
 *   one per Yjs update, carrying the update bytes themselves (the CRDT store compacts its own
 *   update rows, the outbox must never lose one).
 * The payload is NOT stored: it is read from the row when the push seals it, so "payload
 * overwritten" of 3.2 holds by construction; `version` says whether it changed while in flight.
 */
export interface SyncQueueRow {
  qid: string;
  kind: 'record' | 'body';
  type: string;
  id: string;
  op: QueueOp;
  /** bumped by every coalesced mutation; an accepted push deletes the row only if unchanged */
  version: number;
  attempts: number;
  /** queued rows are pushed; exhausted (5 attempts) and failed (absent from the answer) are dead letters */
  state: 'queued' | 'exhausted' | 'failed';
  enqueuedAt: number;
  /** when it entered a dead-letter state (purge rule of spec 4.2.7) */
  retiredAt: number | null;
  lastError: { code: string; message: string } | null;
  /** body rows only: one Yjs update */
  update?: Uint8Array;
}

/**
 * The sync clock of a record the row itself does not carry (notes), and the delete clock and time
 * of every deleted synced record (its tombstone for the push). Keyed `<type>|<id>`.
 */
export interface SyncClockRow {
  key: string;
  type: string;
  id: string;
  clock: VectorClock;
  /** epoch ms of the local delete, null while the record lives */
  deletedAt: number | null;
  /** epoch ms the engine last saw the record acknowledged (orphan repair, 4.2.6) */
  syncedAt: number | null;
}

/** Small persisted engine state by name (`LAST_CURSOR`, `cursorSkipRepair`, account, keys, ...). */
export interface SyncStateRow {
  key: string;
  value: unknown;
}

export interface SyncTables {
  syncQueue: EntityTable<SyncQueueRow, 'qid'>;
  syncClocks: EntityTable<SyncClockRow, 'key'>;
  syncState: EntityTable<SyncStateRow, 'key'>;
}

export const SYNC_TABLES: Record<string, string> = {
  syncQueue: 'qid, [kind+state], [state+retiredAt]',
  syncClocks: 'key, type',
  syncState: 'key',
};

/** Tables every tracked read-write transaction is widened to include. */
export const OUTBOX_STORES = ['syncQueue', 'syncClocks'] as const;
