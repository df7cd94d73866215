/**
 * Errors of the client crypto core, as values. `CRYPTO_ENVELOPE_MALFORMED`: the bytes are not an
 * envelope of this format (a schema problem: ledger it, maybe a newer app wrote it).
 * `CRYPTO_DECRYPT_FAILED`: well-formed, but authentication failed (wrong key, moved or tampered
 * blob): quarantine it. The two need different handling, so they never share a code.
 * `RECOVERY_KEY_MALFORMED` (wrong length or characters) and `RECOVERY_KEY_TYPO` (checksum
 * mismatch) tell the user what to fix. `LINK_COMMITMENT_MISMATCH`: a device-link reveal that does
 * not match its commitment (someone in the middle): the pairing must be abandoned.
 */
export interface CryptoError {
  code:
    | 'CRYPTO_ENVELOPE_MALFORMED'
    | 'CRYPTO_DECRYPT_FAILED'
    | 'CRYPTO_INPUT_INVALID'
    | 'RECOVERY_KEY_MALFORMED'
    | 'RECOVERY_KEY_TYPO'
    | 'LINK_COMMITMENT_MISMATCH';
  message: string;
  field?: string;
}

export type CryptoResult<T> = { ok: true; value: T } | { ok: false; error: CryptoError };

export function cryptoOk<T>(value: T): CryptoResult<T> {
  return { ok: true, value };
}

export function cryptoFail<T>(code: CryptoError['code'], message: string, field?: string): CryptoResult<T> {
  return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
}
