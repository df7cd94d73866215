/**
 * What a failed sync call answers: the service's own `{code, message, ...details}` when it sent
 * one, else a client-side code. Client-side codes (never sent by the service):
 * - `NETWORK_OFFLINE`: fetch itself failed or timed out (60 s);
 * - `SERVER_ERROR`: a 5xx without an error body;
 * - `BODY_TOO_LARGE`: the bare 413 of an over-8-MiB body;
 * - `CONTRACT_REGRESSION`: a 2xx whose body is not JSON (the client holds its cursor);
 * - `VAULT_KEY_MISMATCH`, `PULL_PAGE_REFUSED`: a refused pull page (pull/refusedPage.ts).
 */
export interface SyncError {
  code: string;
  message: string;
  /** HTTP status, 0 when no response arrived */
  status: number;
  retryAfterSeconds?: number;
  minVersion?: string;
}

export type SyncResult<T> = { ok: true; value: T } | { ok: false; error: SyncError };

export const syncOk = <T>(value: T): SyncResult<T> => ({ ok: true, value });
export const syncFail = <T>(error: SyncError): SyncResult<T> => ({ ok: false, error });

/** The user-facing category of an error (docs/sync-client.md, "Error categories"). */
export type SyncErrorCategory =
  | 'offline'
  | 'rate_limited'
  | 'sync_payment_required'
  | 'sync_vault_limit_exceeded'
  | 'device_key_mismatch'
  /** a refused pull page (refusedPage.ts): this device's vault key is not the account's */
  | 'vault_key_mismatch'
  /** a refused pull page that nothing explains: none of its items opened (held, then quarantined) */
  | 'page_refused'
  | 'signed_out'
  | 'upgrade_required'
  | 'server';

export function categorize(error: SyncError): SyncErrorCategory {
  switch (error.code) {
    case 'NETWORK_OFFLINE':
      return 'offline';
    case 'RATE_LIMITED':
      return 'rate_limited';
    case 'SYNC_PAYMENT_REQUIRED':
      return 'sync_payment_required';
    case 'SYNC_VAULT_LIMIT_EXCEEDED':
      return 'sync_vault_limit_exceeded';
    case 'SYNC_INVALID_SIGNATURE':
      return 'device_key_mismatch';
    case 'VAULT_KEY_MISMATCH':
      return 'vault_key_mismatch';
    case 'PULL_PAGE_REFUSED':
      return 'page_refused';
    case 'UNAUTHENTICATED':
    case 'DEVICE_REVOKED':
    case 'REFRESH_INVALID':
      return 'signed_out';
    case 'CLIENT_UPGRADE_REQUIRED':
    case 'PLATFORM_WRITES_DISABLED':
      return 'upgrade_required';
    default:
      return 'server';
  }
}
