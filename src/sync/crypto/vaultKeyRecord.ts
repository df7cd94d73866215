import { fromBase64, toBase64, utf8 } from './bytes';
import { canonicalJson } from './canonicalJson';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';
import { keyVerifier, matchesKeyVerifier, normaliseVaultId } from './keys';
import { isRecoveryCopy, type RecoveryCopy, sealRecoveryCopy } from './recoveryCopy';
import {
  type RecoveryWrappedVaultKey,
  unwrapVaultKeyWithRecovery,
  wrapVaultKeyForRecovery,
} from './recoveryKey';

/**
 * What the server keeps about a vault key, as one opaque string (the `verifier` of
 * `/auth/key-verifier`): the key verifier, so a device detects a vault-key mismatch, and the vault
 * key wrapped by the recovery key, so a new device restores the key from the recovery key alone.
 * Both are safe to hand the server: the verifier is a one-way HKDF output and the wrap needs the
 * 160-bit recovery secret. Encoded as base64 of canonical JSON (about 420 characters).
 * `recoveryCopy` (optional: records written before it existed lack it) is the recovery secret
 * sealed by the vault key, so every device holding the key can show the recovery key again.
 */
export interface VaultKeyRecord {
  v: 1;
  vaultId: string;
  verifier: string;
  recovery: RecoveryWrappedVaultKey;
  recoveryCopy?: RecoveryCopy;
}

export function createVaultKeyRecord(
  vaultKey: Uint8Array,
  vaultId: string,
  recoverySecret: Uint8Array,
): VaultKeyRecord {
  const id = normaliseVaultId(vaultId);
  return {
    v: 1,
    vaultId: id,
    verifier: keyVerifier(vaultKey, id),
    recovery: wrapVaultKeyForRecovery(recoverySecret, id, vaultKey),
    recoveryCopy: sealRecoveryCopy(vaultKey, id, recoverySecret),
  };
}

export function encodeVaultKeyRecord(record: VaultKeyRecord): string {
  return toBase64(
    utf8(
      canonicalJson({
        recovery: { ...record.recovery },
        ...(record.recoveryCopy ? { recoveryCopy: { ...record.recoveryCopy } } : {}),
        v: record.v,
        vaultId: record.vaultId,
        verifier: record.verifier,
      }),
    ),
  );
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Parses the stored string; a record naming another vault than `expectedVaultId` is refused. */
export function parseVaultKeyRecord(text: string, expectedVaultId: string): CryptoResult<VaultKeyRecord> {
  const bytes = fromBase64(text);
  let value: unknown;
  try {
    value = bytes ? JSON.parse(decoder.decode(bytes)) : null;
  } catch {
    value = null;
  }
  const r = value as Partial<VaultKeyRecord> | null;
  const recovery = r?.recovery as Partial<RecoveryWrappedVaultKey> | undefined;
  if (
    r?.v !== 1 ||
    typeof r.vaultId !== 'string' ||
    typeof r.verifier !== 'string' ||
    recovery?.version !== 1 ||
    typeof recovery.wrappedKey !== 'string' ||
    typeof recovery.wrapNonce !== 'string'
  ) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'not a version 1 vault key record');
  }
  if (r.vaultId !== normaliseVaultId(expectedVaultId)) {
    return cryptoFail('CRYPTO_INPUT_INVALID', 'the key record belongs to another vault', 'vaultId');
  }
  const copy = r.recoveryCopy;
  return cryptoOk({
    v: 1,
    vaultId: r.vaultId,
    verifier: r.verifier,
    recovery: { version: 1, wrappedKey: recovery.wrappedKey, wrapNonce: recovery.wrapNonce },
    // optional, so a malformed copy is dropped rather than making the whole record unreadable:
    // restoring needs only `recovery`, and a device without a copy offers a new recovery key
    ...(isRecoveryCopy(copy) ? { recoveryCopy: { version: 1, nonce: copy.nonce, sealed: copy.sealed } } : {}),
  });
}

/** True when this device's vault key is the one the record was made from (no mismatch). */
export function vaultKeyMatchesRecord(record: VaultKeyRecord, vaultKey: Uint8Array): boolean {
  return matchesKeyVerifier(vaultKey, record.vaultId, record.verifier);
}

/** The vault key from the recovery key typed on a new device, checked against the verifier. */
export function recoverVaultKey(
  record: VaultKeyRecord,
  recoverySecret: Uint8Array,
): CryptoResult<Uint8Array> {
  const opened = unwrapVaultKeyWithRecovery(recoverySecret, record.vaultId, record.recovery);
  if (!opened.ok) return opened;
  if (!vaultKeyMatchesRecord(record, opened.value)) {
    return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the recovered key does not match the verifier');
  }
  return cryptoOk(opened.value);
}
