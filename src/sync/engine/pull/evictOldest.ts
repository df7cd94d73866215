import type { LedgerEntry } from './ledgers';

/**
 * Holds a ledger to `cap` entries, in place: the oldest (by `at`, the last failure) go first.
 * Entries `kept` says are never evicted (the quarantine's permanent ones), so they may hold the
 * ledger above `cap`. An evicted item is forgotten: the feed or the manifest check brings it again.
 */
export function evictOldest(
  ledger: Record<string, LedgerEntry>,
  cap: number,
  kept: (entry: LedgerEntry) => boolean = () => false,
): void {
  const over = Object.keys(ledger).length - cap;
  if (over <= 0) return;
  const evictable = Object.entries(ledger)
    .filter(([, e]) => !kept(e))
    .sort(([, x], [, y]) => x.at - y.at);
  for (const [key] of evictable.slice(0, over)) delete ledger[key];
}
