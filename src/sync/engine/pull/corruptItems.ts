import { evictOldest } from './evictOldest';
import type { LedgerEntry } from './ledgers';

/**
 * The corrupt-item tracker (spec 8.3, 4.3.5), keyed by `type|id`: items whose record signature
 * verifies but whose payload, as the service returned it, is not the one signed (its SHA-256 or
 * size differs from the signed `contentHash`/`sizeBytes`). The metadata is authentic; the bytes
 * were damaged (or swapped) in storage or transit, so fetching the item again may well cure it.
 * What is NOT corrupt (docs/sync-client.md, "Pull"): a signature that fails, or signed bytes that
 * do not decrypt for their (vault, type, id), are the quarantine's (forged, re-signed or moved);
 * signed bytes that decrypt but do not parse are the schema-invalid ledger's (a newer build may
 * read them). Signed bytes never change on a re-fetch, so only the damaged case is retried here.
 * - Fetched again by id (`POST /sync/pull`, retryLedgered.ts) 1 hour after its last failure and
 *   never sooner: the manifest check and the orphans' parent fetch skip an item held here.
 * - At most 5,000 entries (oldest evicted when the ledgers are saved).
 * - Leaves when the item opens (from the feed or a re-fetch), when it fails in another way (then
 *   it is in that ledger), or when the service no longer has it. Never moves `LAST_CURSOR`.
 */
export const CORRUPT_ITEMS_CAP = 5_000;
export const CORRUPT_COOLDOWN_MS = 60 * 60_000;

/** Whether the hour since the entry's last failure has passed: the item may be fetched again. */
export function corruptDue(entry: LedgerEntry, now: number): boolean {
  return now - entry.at >= CORRUPT_COOLDOWN_MS;
}

/** Holds the tracker to 5,000 entries (in place). */
export function capCorrupt(ledger: Record<string, LedgerEntry>): void {
  evictOldest(ledger, CORRUPT_ITEMS_CAP);
}
