import type { StatePort } from '../ports';
import { capCorrupt } from './corruptItems';
import { capQuarantine } from './quarantineLedger';

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
/**
 * The corrupt-item tracker (corruptItems.ts). Persisted, though the spec's list of state names
 * (2.12) does not name it: a tab reload restarts the engine, and the cursor has moved past the
 * item, so a tracker in memory would forget it for good (docs/sync-client.md).
 */
export const CORRUPT_ITEMS = 'corruptItems';

export interface LedgerEntry {
  reason: string;
  /** epoch ms of the last refusal (a retry that fails again stamps it anew) */
  at: number;
  /**
   * schemaInvalidItems: the app version that refused the item (spec 9.9); another version
   * re-fetches it. Absent in entries written before versions were recorded: retried once.
   */
  appVersion?: string;
  /** quarantine: how many times this item failed verification (spec 8.3: "not shown"; Cairn counts) */
  attempts?: number;
  /** quarantine: never expires and is never evicted by the soft cap (spec 3.8) */
  permanent?: boolean;
}

export interface Ledgers {
  quarantine: Record<string, LedgerEntry>;
  schemaInvalid: Record<string, LedgerEntry>;
  declined: Record<string, LedgerEntry>;
  corrupt: Record<string, LedgerEntry>;
}

/** The four ledgers as persisted (empty when absent). */
export async function loadLedgers(state: StatePort): Promise<Ledgers> {
  return {
    quarantine: (await state.get<Ledgers['quarantine']>(QUARANTINE)) ?? {},
    schemaInvalid: (await state.get<Ledgers['schemaInvalid']>(SCHEMA_INVALID_ITEMS)) ?? {},
    declined: (await state.get<Ledgers['declined']>(DECLINED_SYNC_REFS)) ?? {},
    corrupt: (await state.get<Ledgers['corrupt']>(CORRUPT_ITEMS)) ?? {},
  };
}

/** Persists the ledgers; the quarantine and the corrupt-item tracker are held to their caps first (8.3). */
export async function saveLedgers(state: StatePort, ledgers: Ledgers): Promise<void> {
  capQuarantine(ledgers.quarantine);
  capCorrupt(ledgers.corrupt);
  await state.set(QUARANTINE, ledgers.quarantine);
  await state.set(SCHEMA_INVALID_ITEMS, ledgers.schemaInvalid);
  await state.set(DECLINED_SYNC_REFS, ledgers.declined);
  await state.set(CORRUPT_ITEMS, ledgers.corrupt);
}
