import { evictOldest } from './evictOldest';
import type { LedgerEntry } from './ledgers';

/**
 * The quarantine ledger's rules (spec 3.8, 8.3): items failing signature, or whose signed envelope
 * does not decrypt for its (vault, type, id) (a re-signed or moved envelope), keyed by
 * `type|id` (note-body entries by `note_body|<note>|<seq or snapshot>`).
 * - An entry expires 7 days after its last failure; the item is then fetched by id again
 *   (retryLedgered.ts): applied if it now verifies, dropped if the service no longer has it,
 *   else quarantined again with one more attempt.
 * - After `QUARANTINE_PERMANENT_ATTEMPTS` failures (the spec leaves the number to the client) an
 *   entry is permanent: it never expires and the soft cap never evicts it.
 * - Soft cap 10,000: past it the oldest non-permanent entries are evicted (forgotten, so the item
 *   is verified again when the feed or the manifest check brings it); permanent entries may hold
 *   the ledger above the cap, which is what makes the cap soft.
 */
export const QUARANTINE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const QUARANTINE_SOFT_CAP = 10_000;
export const QUARANTINE_PERMANENT_ATTEMPTS = 3;

/** Records a failure of `key`: one more attempt than the entry it replaces; permanent at the limit. */
export function quarantineItem(
  ledger: Record<string, LedgerEntry>,
  key: string,
  reason: string,
  now: number,
): void {
  const prior = ledger[key];
  // an entry written before attempts were counted stands for one failure
  const attempts = prior === undefined ? 1 : (prior.attempts ?? 1) + 1;
  ledger[key] = {
    reason,
    at: now,
    attempts,
    ...(attempts >= QUARANTINE_PERMANENT_ATTEMPTS ? { permanent: true } : {}),
  };
}

/** Whether the entry's 7 days have passed (a permanent entry never expires). */
export function quarantineExpired(entry: LedgerEntry, now: number): boolean {
  return entry.permanent !== true && now - entry.at >= QUARANTINE_TTL_MS;
}

/** Evicts the oldest non-permanent entries while the ledger is over its soft cap (in place). */
export function capQuarantine(ledger: Record<string, LedgerEntry>): void {
  evictOldest(ledger, QUARANTINE_SOFT_CAP, (e) => e.permanent === true);
}
