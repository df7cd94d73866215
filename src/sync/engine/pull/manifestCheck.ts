import { MAX_MANIFEST_PAGE_LIMIT } from '../../protocol/limits';
import type { ManifestResponse } from '../../protocol/manifest';
import type { SyncError, SyncResult } from '../http/syncError';
import { type ItemKey, itemKey } from '../ports';
import { applyFetched } from './applyFetched';
import { fetchItems } from './fetchItems';
import { loadLedgers, saveLedgers } from './ledgers';
import { type PullDeps, withKeyCheck } from './pullDeps';
import { refusalOf } from './refusedPage';

/** Epoch ms of the last completed manifest check: the throttle survives reloads (spec 4.3.9). */
export const MANIFEST_CHECKED_AT = 'manifestCheckedAt';
export const MANIFEST_CHECK_INTERVAL_MS = 30 * 60_000;

export interface ManifestCheckResult {
  ran: boolean;
  changed: ItemKey[];
  /** server items fetched because this device provably lacked them */
  fetched: number;
  /** local rows the service lacks, queued again */
  requeued: number;
  error: SyncError | null;
}

/**
 * The manifest check (spec 4.3.9), run after a pull that delivered, at most once per 30 minutes
 * (the time of the last completed check is persisted). It diffs ids only:
 * - a live server item is server-only, and fetched by id, only when provably missing here: no
 *   live row, no remembered delete, its type one this build syncs, and not in `declinedSyncRefs`,
 *   the quarantine, the schema-invalid ledger or the corrupt-item tracker (those are known, just
 *   not stored);
 * - a live local row the service has no entry of at all (not even a tombstone) is queued again
 *   with its stored clock, when pushing is allowed (not parked).
 * A fetch that meets a vault key mismatch (fetchItems.ts) books nothing and does not complete the
 * check: it stops with `VAULT_KEY_MISMATCH` (the page at `LAST_CURSOR` refused, refusedPage.ts),
 * and runs again on the next cycle, so those items arrive once this device holds the right key.
 */
export async function manifestCheck(
  deps: PullDeps,
  opts: { pushAllowed: boolean },
): Promise<ManifestCheckResult> {
  const result: ManifestCheckResult = { ran: false, changed: [], fetched: 0, requeued: 0, error: null };
  const last = await deps.state.get<number>(MANIFEST_CHECKED_AT);
  if (last !== undefined && deps.now() - last < MANIFEST_CHECK_INTERVAL_MS) return result;
  result.ran = true;
  const server = new Map<string, boolean>(); // key → live
  let cursor: number | null = null;
  for (;;) {
    const q: string = `/sync/manifest?limit=${MAX_MANIFEST_PAGE_LIMIT}${cursor === null ? '' : `&cursor=${cursor}`}`;
    const page: SyncResult<ManifestResponse> = await deps.call<ManifestResponse>('GET', q, {
      vaultId: deps.keyring.vaultId,
      types: deps.types,
    });
    if (!page.ok) return { ...result, error: page.error };
    for (const e of page.value.items) server.set(itemKey(e), !e.deleted);
    const next: number | null = page.value.nextCursor ?? null;
    if (next === null || page.value.items.length === 0 || next === cursor) break;
    cursor = next;
  }
  const ledgers = await loadLedgers(deps.state);
  const local = await deps.records.localIds();
  const known = new Set([...local.live, ...local.deleted].map(itemKey));
  const types = new Set(deps.types);
  const missing: ItemKey[] = [];
  for (const [key, live] of server) {
    const bar = key.indexOf('|');
    const ref = { type: key.slice(0, bar), id: key.slice(bar + 1) };
    if (!live || known.has(key) || !types.has(ref.type)) continue;
    if (key in ledgers.declined || key in ledgers.quarantine || key in ledgers.schemaInvalid) continue;
    // a corrupt item is fetched again by its own rule, never sooner than its cooldown (8.3)
    if (key in ledgers.corrupt) continue;
    missing.push(ref);
  }
  if (missing.length > 0) {
    const run = withKeyCheck(deps);
    const got = await fetchItems(run, missing, ledgers);
    if (!got.ok) return { ...result, error: await refusalOf(deps, got.error) };
    result.fetched = got.value.ready.length;
    const applied = await applyFetched(run, got.value.ready, ledgers);
    if (!applied.ok) return { ...result, error: await refusalOf(deps, applied.error) };
    result.changed.push(...applied.changed);
    await saveLedgers(deps.state, ledgers);
  }
  if (opts.pushAllowed) {
    const lacking = local.live.filter((r) => types.has(r.type) && !server.has(itemKey(r)));
    if (lacking.length > 0) result.requeued = await deps.records.requeue(lacking);
  }
  await deps.state.set(MANIFEST_CHECKED_AT, deps.now());
  return result;
}
