import { parseVaultKeyRecord, type VaultKeyring } from '../../crypto';
import type { KeyVerifierResponse } from '../../protocol/keys';
import { type SyncResult, syncOk } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/**
 * Whether this device's vault key is the account's, as far as the service's vault key record
 * says: `match` (the record's verifier is this key's), `mismatch` (the record names another key:
 * this device's key is stale or was never the vault's, the one "key mid-transition" state Cairn
 * can observe), `unknown` (no record, or one this build cannot read: nothing to check against).
 */
export type VaultKeyCheck = 'match' | 'mismatch' | 'unknown';

/** Asks (once) whether this device's vault key is the account's. */
export type AskVaultKey = () => Promise<SyncResult<VaultKeyCheck>>;

/**
 * The check for one pull run (or one engine cycle): `GET /auth/key-verifier` at most once, and only
 * when something the run received failed to open (a run that opens everything never asks), or
 * before an engine's first push (push/firstPushKeyCheck.ts). A failed request is the page's
 * failure: the caller stops before the cursor moves, as for a key-directory failure.
 */
export function createVaultKeyCheck(deps: { call: SyncCall; keyring: VaultKeyring }): AskVaultKey {
  let answer: Promise<SyncResult<VaultKeyCheck>> | null = null;
  return (): Promise<SyncResult<VaultKeyCheck>> => {
    answer ??= check(deps);
    return answer;
  };
}

async function check({ call, keyring }: { call: SyncCall; keyring: VaultKeyring }) {
  const stored = await call<KeyVerifierResponse>('GET', '/auth/key-verifier', { vaultId: keyring.vaultId });
  if (!stored.ok) return stored;
  if (stored.value.verifier === null) return syncOk<VaultKeyCheck>('unknown');
  const record = parseVaultKeyRecord(stored.value.verifier, keyring.vaultId);
  if (!record.ok) return syncOk<VaultKeyCheck>('unknown');
  // verifiers are public (the service hands the record to every device): a plain compare will do
  return syncOk<VaultKeyCheck>(record.value.verifier === keyring.verifier ? 'match' : 'mismatch');
}
