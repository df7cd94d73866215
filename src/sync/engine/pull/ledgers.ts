import type { StatePort } from '../ports';
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
}

/** The three ledgers as persisted (empty when absent). */
export async function loadLedgers(state: StatePort): Promise<Ledgers> {
  return {
    quarantine: (await state.get<Ledgers['quarantine']>(QUARANTINE)) ?? {},
    schemaInvalid: (await state.get<Ledgers['schemaInvalid']>(SCHEMA_INVALID_ITEMS)) ?? {},
    declined: (await state.get<Ledgers['declined']>(DECLINED_SYNC_REFS)) ?? {},
  };
}

/** Persists the ledgers; the quarantine is held to its soft cap first (spec 8.3). */
export async function saveLedgers(state: StatePort, ledgers: Ledgers): Promise<void> {
  capQuarantine(ledgers.quarantine);
  await state.set(QUARANTINE, ledgers.quarantine);
  await state.set(SCHEMA_INVALID_ITEMS, ledgers.schemaInvalid);
  await state.set(DECLINED_SYNC_REFS, ledgers.declined);
}
