import type { EntityTable } from 'dexie';
import type { VectorClock } from '../domain/clock/vectorClock';

/**
 * What the service last acknowledged of one record (schema v14), keyed `type|id`: the clock it
 * holds (accepted from a push of this device, or applied from a pull) and when this device learnt
 * it. Written in the SAME transaction as the queue row it settles or the pulled row it stores.
 * Orphan repair (spec 4.2.6) compares it with the record's current clock: a record changed since
 * (or never acknowledged) with no queue row lost its outbox entry and is queued again.
 */
export interface SyncAckRow {
  key: string;
  clock: VectorClock;
  /** epoch ms (the spec's `syncedAt`) */
  at: number;
}

export interface SyncAckTables {
  syncAcks: EntityTable<SyncAckRow, 'key'>;
}

/** Schema v14: the acknowledgement ledger of orphan repair. */
export const SYNC_ACK_TABLES_V14: Record<string, string> = { syncAcks: 'key' };
