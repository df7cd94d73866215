import { NOTE_BODY_TOKEN, PURGED_TOMBSTONES_TOKEN } from '../../protocol/item-types';
import type { SyncError } from '../http/syncError';
import { type ItemKey, itemKey } from '../ports';
import { applyFetched } from './applyFetched';
import { corruptDue } from './corruptItems';
import { fetchItems } from './fetchItems';
import { BLOB_MISSING } from './ledgerOutcome';
import type { LedgerEntry, Ledgers } from './ledgers';
import type { PullRun } from './pullDeps';
import { quarantineExpired } from './quarantineLedger';

/** A `blobMissing` entry is fetched again after an hour (spec 3.8). */
export const BLOB_MISSING_RETRY_MS = 60 * 60_000;
/**
 * Ids retried per run, the longest-refused first (5 requests of 100): a ledger of thousands due
 * at once (a new version, a flood of forged items expiring) must not spend the `sync_pull` bucket
 * (120 a minute) in one run, where a 429 would end the run before anything was booked and the
 * next run would start over. The rest go in the following runs.
 */
export const RETRY_IDS_PER_RUN = 500;

/**
 * A schema-invalid entry is due when an app version other than the one that refused it runs
 * (a newer build may read it now; spec 3.8, 9.9), or, for a lost blob, an hour after it was lost.
 */
export function schemaInvalidDue(entry: LedgerEntry, appVersion: string, now: number): boolean {
  if (entry.appVersion !== appVersion) return true;
  return entry.reason === BLOB_MISSING && now - entry.at >= BLOB_MISSING_RETRY_MS;
}

/**
 * The ledgers' retry (spec 3.8, 8.3), after a pull that reached the end of the feed: the items
 * whose schema-invalid entry is due, whose quarantine has expired and whose corrupt-item cooldown
 * (1 hour) has passed are fetched by id (`POST /sync/pull`, 100 ids a request) and opened like a
 * feed slice. One that opens now is applied
 * (orphans resolved as usual) and leaves its ledger; one the service no longer returns (or holds
 * only as a purged delete marker, whose delete the feed delivered at its own cursor) leaves it;
 * one that fails again stays, stamped with this version and time (a quarantine entry counts one
 * more attempt and turns permanent at the limit). It never moves `LAST_CURSOR`: these items'
 * cursors are behind it. An expired note-body entry, or one of a type this build no longer syncs,
 * is forgotten (bodies are re-read by the CRDT sweep, not by id). Answers the rows that changed.
 */
export async function retryLedgered(
  deps: PullRun,
  ledgers: Ledgers,
): Promise<{ ok: true; changed: ItemKey[] } | { ok: false; error: SyncError }> {
  const now = deps.now();
  const fetchable = new Set(deps.types.filter((t) => t !== NOTE_BODY_TOKEN && t !== PURGED_TOMBSTONES_TOKEN));
  const due: [string, LedgerEntry][] = [
    ...Object.entries(ledgers.schemaInvalid).filter(([, e]) => schemaInvalidDue(e, deps.appVersion, now)),
    ...Object.entries(ledgers.quarantine).filter(([, e]) => quarantineExpired(e, now)),
    ...Object.entries(ledgers.corrupt).filter(([, e]) => corruptDue(e, now)),
  ];
  const refs = new Map<string, ItemKey>();
  for (const [key] of due.sort(([, x], [, y]) => x.at - y.at)) {
    const ref = refOf(key);
    if (!fetchable.has(ref.type)) forget(ledgers, key);
    else if (refs.size < RETRY_IDS_PER_RUN) refs.set(key, ref);
  }
  if (refs.size === 0) return { ok: true, changed: [] };
  const got = await fetchItems(deps, [...refs.values()], ledgers);
  if (!got.ok) return got;
  for (const key of got.value.gone) forget(ledgers, key);
  for (const p of got.value.purged) forget(ledgers, itemKey(p));
  return applyFetched(deps, got.value.ready, ledgers);
}

function forget(ledgers: Ledgers, key: string): void {
  delete ledgers.quarantine[key];
  delete ledgers.schemaInvalid[key];
  delete ledgers.corrupt[key];
}

/** `type|id` back to its parts (an id may itself contain `|`; a type never does). */
function refOf(key: string): ItemKey {
  const bar = key.indexOf('|');
  return { type: key.slice(0, bar), id: key.slice(bar + 1) };
}
