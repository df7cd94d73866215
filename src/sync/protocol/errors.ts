/**
 * The sync service's error codes (spec section 7) and the one JSON envelope every error body uses:
 * `{"error": {"code", "message", ...details}}` (docs/protocol.md). A client branches on `code`,
 * never on the HTTP status alone. Two refusals deliberately have no body code: 413 (body over
 * 8 MiB) and 501 for unconfigured sign-in providers, as the spec prescribes.
 */
export const ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  DEVICE_REVOKED: 401,
  TOKEN_EXPIRED: 401,
  OTP_INVALID: 401,
  REFRESH_INVALID: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  SYNC_PAYMENT_REQUIRED: 402,
  SYNC_VAULT_LIMIT_EXCEEDED: 402,
  STORAGE_FILE_TOO_LARGE: 413,
  STORAGE_QUOTA_EXCEEDED: 507,
  CLIENT_UPGRADE_REQUIRED: 426,
  PLATFORM_WRITES_DISABLED: 403,
  RATE_LIMITED: 429,
  EMAIL_SEND_FAILED: 502,
  BOOTSTRAP_UNAVAILABLE: 501,
  BOOTSTRAP_NOT_ELIGIBLE: 409,
  BOOTSTRAP_SESSION_LIMIT: 429,
  BOOTSTRAP_IDENTITY_MISMATCH: 403,
  BOOTSTRAP_SESSION_EXPIRED: 403,
  BILLING_UNAVAILABLE: 501,
  /** a billing webhook whose signature, timestamp (replay window) or payload does not hold */
  BILLING_WEBHOOK_INVALID: 400,
  /** the billing provider's API failed or refused (its answer is never passed on) */
  BILLING_PROVIDER_ERROR: 502,
  /** reconcile of a transaction that is not completed yet */
  BILLING_NOT_COMPLETED: 409,
  /** a checkout token that is forged, malformed or expired */
  CHECKOUT_TOKEN_INVALID: 401,
  STORAGE_PRESIGN_UNAVAILABLE: 501,
  /** request-level only on the single-snapshot push (docs/protocol.md); per item elsewhere */
  SYNC_INVALID_SIGNATURE: 400,
  CONFLICT: 409,
  /** a snapshot push whose `expectedRevision` is not the stored one (single route; per note in a batch) */
  SNAPSHOT_REVISION_CONFLICT: 409,
  KEY_VERIFIER_CONFLICT: 409,
  /** sign-in with an identity provider refused: a bad state, code, ID token or setup token */
  OAUTH_FAILED: 401,
  /** no identity provider is configured for this route (spec 5.6: the native route's bare 501) */
  OAUTH_UNAVAILABLE: 501,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Codes that appear per item inside `rejected[]`. Of these only SYNC_INVALID_SIGNATURE is also a
 * request-level error, on `POST /sync/crdt/snapshot` (one snapshot, so the request is the item).
 */
export const ITEM_REJECTION_CODES = [
  'SYNC_INVALID_ITEM',
  'SYNC_INVALID_SIGNATURE',
  'SYNC_REPLAY_DETECTED',
  'STORAGE_QUOTA_EXCEEDED',
  'STORAGE_FILE_TOO_LARGE',
  'SYNC_WRITE_CONFLICT',
] as const;
export type ItemRejectionCode = (typeof ITEM_REJECTION_CODES)[number];

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  [detail: string]: unknown;
}

export interface ErrorBody {
  error: ErrorInfo;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const e = (value as { error: unknown }).error;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { code?: unknown }).code === 'string' &&
    typeof (e as { message?: unknown }).message === 'string'
  );
}
