import {
  createVaultKeyRecord,
  deriveVaultKeyring,
  encodeVaultKeyRecord,
  formatRecoveryKey,
  fromBase64,
  generateRecoverySecret,
  generateVaultKey,
  parseRecoveryKey,
  parseVaultKeyRecord,
  recoverVaultKey,
  sealVaultName,
  type VaultKeyRecord,
} from '../../crypto';
import type { KeyVerifierResponse } from '../../protocol/keys';
import type { VaultListResponse } from '../../protocol/vaults';
import { type SyncResult, syncFail, syncOk } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/**
 * The synced vault and its key (docs/sync-client.md, "Set-up"). Key records are per vault
 * (`/auth/key-verifier` scoped by X-Svc-Vault-Id): the record holds the vault's verifier and its
 * vault key wrapped by the recovery key. Outcomes:
 * - the account has no vault yet (or the user chose to sync this vault as a vault of its own):
 *   this device creates the vault key and a recovery key (shown ONCE to the user), registers the
 *   vault with its sealed name, then stores the record;
 * - the account has a vault with a record: this device adopts the account's largest vault (spec
 *   3.5 "merge") and needs its key, from the recovery key or a linked device.
 */
export type VaultKeySetup =
  | {
      kind: 'created';
      syncVaultId: string;
      vaultKey: Uint8Array;
      recoveryKey: string;
      /** kept sealed by the vault key so the key can be shown again (recoveryKeyAgain.ts) */
      recoverySecret: Uint8Array;
    }
  | { kind: 'needs_key'; record: VaultKeyRecord };

export async function setUpVaultKey(
  call: SyncCall,
  input: {
    newVaultId: string;
    vaultName: string;
    /** `own`: the vault registers as an account vault of its own (binding choice "sync");
     * `account`: it joins the account's vault (this vault's own uuid when the account lists it,
     * else the largest): the binding choice "merge", and every start of spec 3.5 */
    target: 'own' | 'account';
    /** this vault's sync uuid from an earlier binding, if any */
    knownVaultId: string | null;
  },
): Promise<SyncResult<VaultKeySetup>> {
  const listed = await call<VaultListResponse>('GET', '/sync/vaults');
  if (!listed.ok) return listed;
  const known = listed.value.vaults.find((v) => v.vaultId === input.knownVaultId);
  const largest =
    known ??
    [...listed.value.vaults].sort((a, b) => b.itemCount - a.itemCount || a.createdAt - b.createdAt)[0];
  if (largest && input.target === 'account') {
    const stored = await call<KeyVerifierResponse>('GET', '/auth/key-verifier', { vaultId: largest.vaultId });
    if (!stored.ok) return stored;
    if (stored.value.verifier !== null) {
      const record = readRecord(stored.value.verifier);
      if (!record) {
        return syncFail({
          code: 'KEY_RECORD_UNREADABLE',
          message: 'the vault key record is unreadable',
          status: 200,
        });
      }
      return syncOk({ kind: 'needs_key', record });
    }
  }
  // No vault, or a registered vault whose creator never stored its key record: start a vault
  // of our own (a vault without a record cannot be opened by anyone else either).
  const vaultKey = generateVaultKey();
  const secret = generateRecoverySecret();
  const record = createVaultKeyRecord(vaultKey, input.newVaultId, secret);
  const keyring = deriveVaultKeyring(vaultKey, record.vaultId);
  const reg = await call('POST', '/sync/vaults', {
    body: { vaultId: record.vaultId, ...sealVaultName(keyring, input.vaultName) },
  });
  if (!reg.ok) return reg;
  const put = await call('PUT', '/auth/key-verifier', {
    body: { verifier: encodeVaultKeyRecord(record) },
    vaultId: record.vaultId,
  });
  if (!put.ok) return put;
  return syncOk({
    kind: 'created',
    syncVaultId: record.vaultId,
    vaultKey,
    recoveryKey: formatRecoveryKey(secret),
    recoverySecret: secret,
  });
}

/** The key record of one account vault (null when its creator never stored one). */
export async function fetchVaultKeyRecord(
  call: SyncCall,
  vaultId: string,
): Promise<SyncResult<VaultKeyRecord | null>> {
  const stored = await call<KeyVerifierResponse>('GET', '/auth/key-verifier', { vaultId });
  if (!stored.ok) return stored;
  if (stored.value.verifier === null) return syncOk(null);
  const record = readRecord(stored.value.verifier);
  return record
    ? syncOk(record)
    : syncFail({ code: 'KEY_RECORD_UNREADABLE', message: 'the vault key record is unreadable', status: 200 });
}

/** The vault key from the recovery key the user typed, checked against the verifier. */
export function restoreWithRecoveryKey(
  record: VaultKeyRecord,
  typed: string,
):
  | { ok: true; vaultKey: Uint8Array; recoverySecret: Uint8Array }
  | { ok: false; error: { code: string; message: string } } {
  const secret = parseRecoveryKey(typed);
  if (!secret.ok)
    return { ok: false, error: { code: 'RECOVERY_KEY_INVALID', message: secret.error.message } };
  const key = recoverVaultKey(record, secret.value);
  if (!key.ok)
    return {
      ok: false,
      error: { code: 'RECOVERY_KEY_WRONG', message: 'this recovery key does not open the vault' },
    };
  return { ok: true, vaultKey: key.value, recoverySecret: secret.value };
}

/** The record names its own vault: read that id, then parse strictly against it. */
function readRecord(text: string): VaultKeyRecord | null {
  const bytes = fromBase64(text);
  if (!bytes) return null;
  try {
    const { vaultId } = JSON.parse(new TextDecoder().decode(bytes)) as { vaultId?: unknown };
    if (typeof vaultId !== 'string') return null;
    const parsed = parseVaultKeyRecord(text, vaultId);
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
}
