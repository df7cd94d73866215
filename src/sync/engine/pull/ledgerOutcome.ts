import { type ApplyResult, itemKey } from '../ports';
import type { Ledgers } from './ledgers';
import type { OpenedItem } from './openPullItem';
import { quarantineItem } from './quarantineLedger';

/** The schema-invalid ledger's reason for a live row whose payload the service lost (spec 3.8). */
export const BLOB_MISSING = 'blobMissing';

/** Drops `key` from every per-item ledger but `except` (an item is in at most one of them). */
function clearOthers(
  ledgers: Ledgers,
  key: string,
  except?: 'quarantine' | 'schemaInvalid' | 'corrupt',
): void {
  if (except !== 'quarantine') delete ledgers.quarantine[key];
  if (except !== 'schemaInvalid') delete ledgers.schemaInvalid[key];
  if (except !== 'corrupt') delete ledgers.corrupt[key];
}

/**
 * Books what opening a pulled item gave (spec 3.8, 8.3), in the feed and in every fetch by id: a
 * forged, re-signed or moved item is quarantined (one more attempt), a payload that is not the
 * signed one goes to the corrupt-item tracker (fetched again after an hour), a payload this build
 * cannot read goes to the schema-invalid ledger with this app version, and an item that opened
 * leaves all three. An item is in at most one of them: its latest failure says which.
 */
export function bookOpened(
  ledgers: Ledgers,
  key: string,
  opened: Exclude<OpenedItem, { kind: 'error' }>,
  at: number,
  appVersion: string,
): void {
  if (opened.kind === 'quarantine') {
    clearOthers(ledgers, key, 'quarantine');
    quarantineItem(ledgers.quarantine, key, opened.reason, at);
  } else if (opened.kind === 'corrupt') {
    clearOthers(ledgers, key, 'corrupt');
    ledgers.corrupt[key] = { reason: opened.reason, at };
  } else if (opened.kind === 'schema_invalid') {
    clearOthers(ledgers, key, 'schemaInvalid');
    ledgers.schemaInvalid[key] = { reason: opened.reason, at, appVersion };
  } else {
    clearOthers(ledgers, key);
  }
}

/** A live row the service answered in `blobMissing`: nothing applied, ledgered (retried after 1 hour). */
export function bookBlobMissing(ledgers: Ledgers, key: string, at: number, appVersion: string): void {
  clearOthers(ledgers, key, 'schemaInvalid');
  ledgers.schemaInvalid[key] = { reason: BLOB_MISSING, at, appVersion };
}

/** The schema-invalid ledger's reason for a payload that opened but fails the type's schema. */
export const FAILS_SCHEMA = 'payload fails the schema of its type';

/**
 * Books what an apply refused (spec 3.8, 4.3.9): items this build never stores go to
 * `declinedSyncRefs`; payloads that opened but fail the type's schema go to the schema-invalid
 * ledger with this app version (a newer build fetches them again), never dropped silently.
 */
export function bookApplied(
  ledgers: Ledgers,
  applied: Pick<ApplyResult, 'declined' | 'unreadable'>,
  at: number,
  appVersion: string,
): void {
  for (const d of applied.declined) ledgers.declined[itemKey(d)] = { reason: 'not stored by this build', at };
  for (const u of applied.unreadable) {
    const key = itemKey(u);
    clearOthers(ledgers, key, 'schemaInvalid');
    ledgers.schemaInvalid[key] = { reason: FAILS_SCHEMA, at, appVersion };
  }
}
