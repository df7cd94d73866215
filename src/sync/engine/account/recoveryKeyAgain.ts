import {
  createVaultKeyRecord,
  encodeVaultKeyRecord,
  formatRecoveryKey,
  generateRecoverySecret,
  openRecoveryCopy,
  type RecoveryCopy,
  sealRecoveryCopy,
  vaultKeyMatchesRecord,
} from '../../crypto';
import { type SyncResult, syncFail, syncOk } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import type { StatePort } from '../ports';
import { fetchVaultKeyRecord } from './vaultKeySetup';

/**
 * Showing the recovery key again (docs/keys.md, "Showing the recovery key again"). This device's
 * copy is the recovery secret sealed by the vault key, in the vault's syncState (never in clear);
 * a device without one (linked from another device) reads the copy inside the vault key record.
 * A vault whose record predates the copy has none anywhere: the user makes a new recovery key,
 * which replaces the old one for restoring (the vault key itself does not change).
 */
export const RECOVERY_COPY = 'recoveryCopy';

interface StoredCopy {
  vaultId: string;
  copy: RecoveryCopy;
}

export interface RecoveryKeyDeps {
  state: StatePort;
  call: SyncCall;
  vault: { vaultId: string; vaultKey: Uint8Array };
}

/** Keeps this device's sealed copy of the recovery secret (at set-up and after a restore). */
export async function keepRecoverySecret(
  state: StatePort,
  vault: { vaultId: string; vaultKey: Uint8Array },
  secret: Uint8Array,
): Promise<void> {
  const stored: StoredCopy = {
    vaultId: vault.vaultId,
    copy: sealRecoveryCopy(vault.vaultKey, vault.vaultId, secret),
  };
  await state.set(RECOVERY_COPY, stored);
}

export async function showRecoveryKey({ state, call, vault }: RecoveryKeyDeps): Promise<SyncResult<string>> {
  const local = await state.get<StoredCopy>(RECOVERY_COPY);
  if (local && local.vaultId === vault.vaultId) {
    const opened = openRecoveryCopy(vault.vaultKey, vault.vaultId, local.copy);
    if (opened.ok) return syncOk(formatRecoveryKey(opened.value));
  }
  const record = await fetchVaultKeyRecord(call, vault.vaultId);
  if (!record.ok) return record;
  const copy = record.value?.recoveryCopy;
  const opened = copy ? openRecoveryCopy(vault.vaultKey, vault.vaultId, copy) : null;
  if (!opened?.ok) {
    return syncFail({
      code: 'RECOVERY_KEY_UNAVAILABLE',
      message:
        'This vault’s recovery key was made before Cairn kept a sealed copy of it, so no device can show it again. Make a new recovery key: the old one stops working.',
      status: 0,
    });
  }
  await keepRecoverySecret(state, vault, opened.value);
  return syncOk(formatRecoveryKey(opened.value));
}

/**
 * A new recovery secret for the same vault key: a new record (same verifier) replaces the old one
 * with `rotate`, so the old recovery key no longer restores. Refused when this device's key does
 * not match the stored verifier: it must never replace the record that exists to catch that.
 */
export async function makeNewRecoveryKey({
  state,
  call,
  vault,
}: RecoveryKeyDeps): Promise<SyncResult<string>> {
  const current = await fetchVaultKeyRecord(call, vault.vaultId);
  if (!current.ok) return current;
  if (current.value && !vaultKeyMatchesRecord(current.value, vault.vaultKey)) {
    return syncFail({
      code: 'VAULT_KEY_MISMATCH',
      message: 'This device’s vault key does not match the account’s. Sign out and set this device up again.',
      status: 0,
    });
  }
  const secret = generateRecoverySecret();
  const record = createVaultKeyRecord(vault.vaultKey, vault.vaultId, secret);
  const put = await call('PUT', '/auth/key-verifier', {
    body: { verifier: encodeVaultKeyRecord(record), rotate: true },
    vaultId: vault.vaultId,
  });
  if (!put.ok) return put;
  await keepRecoverySecret(state, vault, secret);
  return syncOk(formatRecoveryKey(secret));
}
