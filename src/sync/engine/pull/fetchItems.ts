import { PULL_SLICE_IDS } from '../../protocol/limits';
import type { ItemRef, PullResponse, PurgedTombstone } from '../../protocol/pull';
import type { SyncError } from '../http/syncError';
import { type IncomingRecord, type ItemKey, itemKey } from '../ports';
import { bookBlobMissing, bookOpened } from './ledgerOutcome';
import type { Ledgers } from './ledgers';
import { openPullItem } from './openPullItem';
import type { PullDeps } from './pullDeps';

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
 */
export async function fetchItems(
  deps: PullDeps,
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
    for (const item of res.value.items) {
      const key = itemKey(item);
      seen.add(key);
      const opened = await openPullItem(deps.keyring, deps.keys, item);
      if (opened.kind === 'error') return { ok: false, error: opened.error };
      bookOpened(ledgers, key, opened, deps.now(), deps.appVersion);
      if (opened.kind === 'ok') out.ready.push(opened.record);
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
