/**
 * The pull's persisted per-item ledgers (spec 2.12, 3.8), keyed by `type|id`. Read once per run,
 * written back after each page.
 */
export const QUARANTINE = 'quarantine';
export const SCHEMA_INVALID_ITEMS = 'schemaInvalidItems';
/**
 * Items this build refuses to store (a relation-type property definition, a journal upsert
 * without a date): the manifest check never counts them as missing (spec 4.3.9).
 */
export const DECLINED_SYNC_REFS = 'declinedSyncRefs';

export interface LedgerEntry {
  reason: string;
  at: number;
}

export interface Ledgers {
  quarantine: Record<string, LedgerEntry>;
  schemaInvalid: Record<string, LedgerEntry>;
  declined: Record<string, LedgerEntry>;
}
