import type { EntityTable } from 'dexie';

/**
 * What this device knows of one document's body on the sync service (schema v12): the highest
 * server sequence number merged into the local document (the `coversThrough` a snapshot from this
 * device may claim: nothing above it is pruned), and the revision of the server snapshot merged
 * or written last (spec 4.3.10: a baseline GET is skipped only when the service still holds it).
 * Kept beside the CRDT store and never synced. A document with no row has never been seen by
 * the service through this device.
 */
export interface CrdtMarkRow {
  docId: string;
  appliedSeq: number;
  revision: string | null;
}

export interface CrdtMarkTables {
  crdtMarks: EntityTable<CrdtMarkRow, 'docId'>;
}

/**
 * Schema v12: the marks, and the outbox gains an index in push order, so a push batch reads
 * its 100 oldest rows instead of sorting the whole queue each time (a first push of 10,000).
 */
export const SYNC_ENGINE_TABLES_V12: Record<string, string> = {
  crdtMarks: 'docId',
  syncQueue: 'qid, [kind+state], [state+retiredAt], [kind+state+enqueuedAt]',
};
