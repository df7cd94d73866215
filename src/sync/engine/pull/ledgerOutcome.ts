import type { Ledgers } from './ledgers';
import type { OpenedItem } from './openPullItem';
import { quarantineItem } from './quarantineLedger';

/** The schema-invalid ledger's reason for a live row whose payload the service lost (spec 3.8). */
export const BLOB_MISSING = 'blobMissing';

/**
 * Books what opening a pulled item gave (spec 3.8), in the feed and in every fetch by id: a
 * signature or decryption failure is quarantined (one more attempt), a payload this build cannot
 * read goes to the schema-invalid ledger with this app version, and an item that opened leaves
 * both ledgers. An item is in at most one of them: its latest failure says which.
 */
export function bookOpened(
  ledgers: Ledgers,
  key: string,
  opened: Exclude<OpenedItem, { kind: 'error' }>,
  at: number,
  appVersion: string,
): void {
  if (opened.kind === 'quarantine') {
    delete ledgers.schemaInvalid[key];
    quarantineItem(ledgers.quarantine, key, opened.reason, at);
  } else if (opened.kind === 'schema_invalid') {
    delete ledgers.quarantine[key];
    ledgers.schemaInvalid[key] = { reason: opened.reason, at, appVersion };
  } else {
    delete ledgers.quarantine[key];
    delete ledgers.schemaInvalid[key];
  }
}

/** A live row the service answered in `blobMissing`: nothing applied, ledgered (retried after 1 hour). */
export function bookBlobMissing(ledgers: Ledgers, key: string, at: number, appVersion: string): void {
  ledgers.schemaInvalid[key] = { reason: BLOB_MISSING, at, appVersion };
}
