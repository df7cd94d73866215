import type { SyncError, SyncResult } from '../http/syncError';
import type { StatePort } from '../ports';
import { LAST_CURSOR } from './cursorRepair';
import type { VaultKeyCheck } from './vaultKeyCheck';

/**
 * Spec 3.8: "a refused page (all items failed crypto, or key mid-transition)" leaves
 * `LAST_CURSOR` where it is (docs/sync-client.md, "Pull", "A refused page"). The rules:
 * - a page whose items ALL failed crypto (signature, or an envelope that does not open for its
 *   vault, type and id), at least one: this device's vault key is checked against the account's
 *   vault key record (vaultKeyCheck.ts). `match`: the items themselves are bad (forged, moved),
 *   they are quarantined one by one and the cursor moves, so a lone forged item never stalls
 *   sync. `mismatch`: refused. `unknown`: refused, within the bound below;
 * - any envelope that does not open, when the record names another key (key mid-transition):
 *   refused, whatever else the page holds;
 * - a refused page books nothing (the ledgers are saved per page, after it) and the next pull
 *   reads it again; a mismatch holds it until this device holds the right key (moving on would
 *   quarantine the whole feed, each item back only by the 7-day retry);
 * - the bound, for a refusal nothing explains (`unverified`): after `REFUSED_PAGE_ATTEMPTS`
 *   refusals, the first spanning at least `REFUSED_PAGE_HOLD_MS`, the next pull quarantines the
 *   page's items one by one and moves on.
 * Persisted (`refusedPage` in syncState) so the bound survives reloads, and so the engine seals
 * nothing under a key found stale (it pushes nothing while the reason is `vault_key_mismatch`);
 * cleared once the page is read again and passes. A mismatch met outside a page (a fetch by id,
 * the engine's first push) is booked the same way, as a refusal of the page at `LAST_CURSOR`
 * (`refusalOf`).
 */
export const REFUSED_PAGE = 'refusedPage';
export const REFUSED_PAGE_ATTEMPTS = 3;
export const REFUSED_PAGE_HOLD_MS = 60 * 60_000;

/** The client-side codes of a refused page (docs/sync-client.md, "Error categories"). */
export const VAULT_KEY_MISMATCH = 'VAULT_KEY_MISMATCH';
export const PULL_PAGE_REFUSED = 'PULL_PAGE_REFUSED';

export interface RefusedPage {
  /** the `LAST_CURSOR` the refused page is read from */
  cursor: number;
  /** epoch ms of its first refusal */
  since: number;
  attempts: number;
  reason: 'vault_key_mismatch' | 'unverified';
}

/**
 * Whether a pull found this device's vault key stale and its page is still held: the engine then
 * pushes nothing (records, bodies), since everything it sealed would be unreadable to the other
 * devices and quarantined there. Its changes stay queued and go out, sealed under the right key,
 * in the cycle whose pull passes the held page (the push after the pull).
 */
export async function keyFoundStale(state: StatePort): Promise<boolean> {
  return (await state.get<RefusedPage>(REFUSED_PAGE))?.reason === 'vault_key_mismatch';
}

/**
 * The marker a fetch meets when something it received did not open and the account's vault key
 * record names another key than this device's: nothing of that fetch is booked, and the run stops
 * with the refusal `refusalOf` books.
 */
export const KEY_MISMATCH_MET: SyncError = {
  code: VAULT_KEY_MISMATCH,
  message: 'a fetch met a vault key mismatch',
  status: 0,
};

/**
 * The error a run stops with: `error` itself, unless it is `KEY_MISMATCH_MET`, which is counted
 * as a refusal (reason `vault_key_mismatch`) of the page at `at.cursor`, or, when `at` is absent
 * (outside the pull's run: the manifest check, the engine's first push), of the page at
 * `LAST_CURSOR`. The engine then seals nothing until a page read from there passes under a key
 * the account names.
 */
export async function refusalOf(
  deps: RefusalDeps,
  error: SyncError,
  at?: { cursor: number; prior: RefusedPage | undefined },
): Promise<SyncError> {
  if (error !== KEY_MISMATCH_MET) return error;
  const cursor = at ? at.cursor : ((await deps.state.get<number>(LAST_CURSOR)) ?? 0);
  const prior = at ? at.prior : await deps.state.get<RefusedPage>(REFUSED_PAGE);
  return refusePage(deps, prior, cursor, 'vault_key_mismatch');
}

/** What the service returned on one page: items it sent, and those failing signature or envelope. */
export interface PageTally {
  items: number;
  cryptoFailed: number;
}

interface RefusalDeps {
  state: StatePort;
  now: () => number;
}

/**
 * The verdict on a page whose slices were all opened (and applied, save the refusal): null to go
 * on (the cursor moves), else the error the run stops with. `prior` is the persisted refusal.
 */
export async function judgePage(
  deps: RefusalDeps,
  keyCheck: () => Promise<SyncResult<VaultKeyCheck>>,
  page: { cursor: number; tally: PageTally; prior: RefusedPage | undefined },
): Promise<SyncError | null> {
  const { tally, prior, cursor } = page;
  if (tally.items === 0 || tally.cryptoFailed < tally.items) return null;
  const key = await keyCheck();
  if (!key.ok) return key.error;
  if (key.value === 'match') return null;
  if (key.value === 'mismatch') return refusePage(deps, prior, cursor, 'vault_key_mismatch');
  const spent =
    prior?.cursor === cursor &&
    prior.reason === 'unverified' &&
    prior.attempts >= REFUSED_PAGE_ATTEMPTS &&
    deps.now() - prior.since >= REFUSED_PAGE_HOLD_MS;
  return spent ? null : refusePage(deps, prior, cursor, 'unverified', tally.items);
}

/** Counts one more refusal of the page at `cursor` (a new page starts at one) and answers its error. */
export async function refusePage(
  deps: RefusalDeps,
  prior: RefusedPage | undefined,
  cursor: number,
  reason: RefusedPage['reason'],
  items = 0,
): Promise<SyncError> {
  const next: RefusedPage =
    prior?.cursor === cursor && prior.reason === reason
      ? { ...prior, attempts: prior.attempts + 1 }
      : { cursor, since: deps.now(), attempts: 1, reason };
  await deps.state.set(REFUSED_PAGE, next);
  return reason === 'vault_key_mismatch'
    ? {
        code: VAULT_KEY_MISMATCH,
        message:
          'this device’s vault key is not the one the account’s vault key record names: what the service sent cannot be opened here; nothing of it was applied, and it is read again once this device holds the right key',
        status: 0,
      }
    : {
        code: PULL_PAGE_REFUSED,
        message: `none of the ${items} items on this page of the changes feed opened or verified, and the account has no vault key record to check this device’s key against; nothing of the page was applied (read again on the next sync; after ${REFUSED_PAGE_ATTEMPTS} refusals over an hour its items are quarantined)`,
        status: 0,
      };
}
