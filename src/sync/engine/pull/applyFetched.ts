import type { SyncError } from '../http/syncError';
import type { IncomingRecord, ItemKey } from '../ports';
import { bookApplied } from './ledgerOutcome';
import type { Ledgers } from './ledgers';
import type { PullRun } from './pullDeps';
import { resolveOrphans } from './resolveOrphans';

/**
 * Applies opened items in one transaction, parents first, orphans held and their parents
 * re-fetched (4.3.6); items this build never stores go to `declinedSyncRefs`, payloads failing the
 * type's schema to the schema-invalid ledger. Shared by a feed
 * slice, the manifest check's fetch and the ledger retry. Answers the rows that changed.
 */
export async function applyFetched(
  deps: PullRun,
  ready: IncomingRecord[],
  ledgers: Ledgers,
): Promise<{ ok: true; changed: ItemKey[] } | { ok: false; error: SyncError }> {
  if (ready.length === 0) return { ok: true, changed: [] };
  const applied = await deps.records.apply(ready, 'hold');
  bookApplied(ledgers, applied, deps.now(), deps.appVersion);
  if (applied.held.length === 0) return { ok: true, changed: applied.changed };
  const orphans = await resolveOrphans(deps, applied.held, ledgers);
  if (!orphans.ok) return orphans;
  return { ok: true, changed: [...applied.changed, ...orphans.changed] };
}
