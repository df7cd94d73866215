import { PULL_SLICE_IDS } from '../../protocol/limits';
import type { ItemRef, PullResponse, PurgedTombstone } from '../../protocol/pull';
import type { SyncError } from '../http/syncError';
import { type IncomingRecord, type ItemKey, itemKey } from '../ports';
import { bookBlobMissing, bookOpened } from './ledgerOutcome';
import type { Ledgers } from './ledgers';
import { type OpenedItem, openPullItem } from './openPullItem';
import type { PullRun } from './pullDeps';
import { KEY_MISMATCH_MET } from './refusedPage';

export interface FetchedItems {
  ready: IncomingRecord[];
  /** returned (or in `blobMissing`), but quarantined or ledgered here (it exists: never treat it as gone) */
  unreadable: Set<string>;
  /** not returned at all: the service no longer has it */
  gone: Set<string>;
  purged: PurgedTombstone[];
}

/**
 * Fetches items by id (`POST /sync/pull`, 100 ids a request), verified and opened like a feed
 * slice; what fails signature or does not open goes to the ledgers, what opens leaves them. Used by
 * the orphan re-fetch (4.3.6), the manifest check (4.3.9) and the ledger retry (3.8).
 * An envelope that does not open has this device's vault key checked first, as on a page
 * (refusedPage.ts): when the account's record names another key, nothing of the slice is booked
 * and the fetch answers `KEY_MISMATCH_MET` (the caller's run stops, refused; these items are
 * fetched again once this device holds the right key), so an item sealed under the account's key
 * is never quarantined for this device's stale one.
 */
export async function fetchItems(
  deps: PullRun,
  refs: readonly ItemKey[],
  ledgers: Ledgers,
): Promise<{ ok: true; value: FetchedItems } | { ok: false; error: SyncError }> {
  const out: FetchedItems = { ready: [], unreadable: new Set(), gone: new Set(), purged: [] };
  for (let i = 0; i < refs.length; i += PULL_SLICE_IDS) {
    const slice: ItemRef[] = refs.slice(i, i + PULL_SLICE_IDS).map(({ type, id }) => ({ type, id }));
    const res = await deps.call<PullResponse>('POST', '/sync/pull', {
      body: { items: slice },
      vaultId: deps.keyring.vaultId,
      types: deps.types,
    });
    if (!res.ok) return res;
    if (!Array.isArray(res.value.items)) {
      return {
        ok: false,
        error: { code: 'CONTRACT_REGRESSION', message: 'pull answered no items list', status: 200 },
      };
    }
    const seen = new Set<string>();
    const opened: [string, Exclude<OpenedItem, { kind: 'error' }>][] = [];
    for (const item of res.value.items) {
      const key = itemKey(item);
      seen.add(key);
      const one = await openPullItem(deps.keyring, deps.keys, item);
      if (one.kind === 'error') return { ok: false, error: one.error };
      opened.push([key, one]);
    }
    if (opened.some(([, o]) => o.kind === 'quarantine' && o.cause === 'envelope')) {
      const key = await deps.keyCheck();
      if (!key.ok) return key;
      if (key.value === 'mismatch') return { ok: false, error: KEY_MISMATCH_MET };
    }
    for (const [key, one] of opened) {
      bookOpened(ledgers, key, one, deps.now(), deps.appVersion);
      if (one.kind === 'ok') out.ready.push(one.record);
      else out.unreadable.add(key);
    }
    for (const missing of res.value.blobMissing ?? []) {
      const key = itemKey(missing);
      seen.add(key);
      out.unreadable.add(key);
      bookBlobMissing(ledgers, key, deps.now(), deps.appVersion);
    }
    for (const p of res.value.purgedTombstones ?? []) {
      seen.add(itemKey(p));
      out.purged.push(p);
    }
    for (const r of slice) if (!seen.has(itemKey(r))) out.gone.add(itemKey(r));
  }
  return { ok: true, value: out };
}
