import type { OutboxPort } from '../ports';
import type { AskVaultKey } from '../pull/vaultKeyCheck';

/**
 * Whether this engine may seal and push under its vault key (docs/sync-client.md, "A refused
 * page", "The first push"). A device whose stored key is no longer the account's (another device
 * replaced the vault key record) would seal its first push under the stale key before its pull
 * could find it so, and every other device would quarantine what it sent. So before the FIRST
 * push of an engine's life that has anything to send, the cycle's key check asks the account's
 * record once (`GET /auth/key-verifier`):
 * - `match` or `unknown` (no record to check against: a vault set up before records, or an older
 *   service): pushing is allowed for the rest of this engine's life, never asked again;
 * - `mismatch`: nothing is pushed in this cycle, and the next cycle with something to send asks
 *   again (the key is fixed by adopting the right one, which starts a new engine);
 * - the request fails (offline, 5xx, a service without the route): the push goes ahead as it did
 *   before this check, and the next cycle with something to send asks again. A guard for a rare
 *   state must not stop every push when the record cannot be read; the pull still refuses
 *   whatever does not open under a stale key (refusedPage.ts), and a push that does go out while
 *   offline fails on its own.
 * A cycle with nothing queued asks nothing. Cost: one request per engine start with a queue,
 * plus one per cycle while the key mismatches (or the record cannot be read).
 */
export function createFirstPushKeyCheck(outbox: Pick<OutboxPort, 'counts'>) {
  let passed = false;
  /** Whether this cycle may seal and push. */
  return async (keyCheck: AskVaultKey): Promise<boolean> => {
    if (passed || (await outbox.counts()).queued === 0) return true;
    const key = await keyCheck();
    if (!key.ok) return true;
    if (key.value === 'mismatch') return false;
    passed = true;
    return true;
  };
}
