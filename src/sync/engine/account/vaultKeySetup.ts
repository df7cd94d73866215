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
import { type SyncResult, syncFail, syncOk } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/**
 * The account's vault key (docs/sync-client.md, "Set-up"). The key record in
 * `/auth/key-verifier` names the account's synced vault UUID, its verifier and the vault key
 * wrapped by the recovery key. Outcomes:
 * - none stored yet: this device creates the vault key and a recovery key (shown ONCE to the
 *   user), stores the record, registers the vault with its sealed name;
 * - one stored: this device needs the vault key, from the recovery key or a linked device.
 */
export type VaultKeySetup =
  | { kind: 'created'; syncVaultId: string; vaultKey: Uint8Array; recoveryKey: string }
  | { kind: 'needs_key'; record: VaultKeyRecord };

export async function setUpVaultKey(
  call: SyncCall,
  input: { newVaultId: string; vaultName: string },
): Promise<SyncResult<VaultKeySetup>> {
  const stored = await call<KeyVerifierResponse>('GET', '/auth/key-verifier');
  if (!stored.ok) return stored;
  if (stored.value.verifier !== null) {
    const record = readRecord(stored.value.verifier);
    if (!record)
      return syncFail({
        code: 'KEY_RECORD_UNREADABLE',
        message: 'the account key record is unreadable',
        status: 200,
      });
    return syncOk({ kind: 'needs_key', record });
  }
  const vaultKey = generateVaultKey();
  const secret = generateRecoverySecret();
  const record = createVaultKeyRecord(vaultKey, input.newVaultId, secret);
  const put = await call('PUT', '/auth/key-verifier', { body: { verifier: encodeVaultKeyRecord(record) } });
  if (!put.ok) return put;
  const keyring = deriveVaultKeyring(vaultKey, record.vaultId);
  const reg = await call('POST', '/sync/vaults', {
    body: { vaultId: record.vaultId, ...sealVaultName(keyring, input.vaultName) },
  });
  if (!reg.ok) return reg;
  return syncOk({
    kind: 'created',
    syncVaultId: record.vaultId,
    vaultKey,
    recoveryKey: formatRecoveryKey(secret),
  });
}

/** The vault key from the recovery key the user typed, checked against the verifier. */
export function restoreWithRecoveryKey(
  record: VaultKeyRecord,
  typed: string,
): { ok: true; vaultKey: Uint8Array } | { ok: false; error: { code: string; message: string } } {
  const secret = parseRecoveryKey(typed);
  if (!secret.ok)
    return { ok: false, error: { code: 'RECOVERY_KEY_INVALID', message: secret.error.message } };
  const key = recoverVaultKey(record, secret.value);
  if (!key.ok)
    return {
      ok: false,
      error: { code: 'RECOVERY_KEY_WRONG', message: 'this recovery key does not open the vault' },
    };
  return { ok: true, vaultKey: key.value };
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
