import type { ErrorCode, ErrorInfo } from '../../../src/sync/protocol/errors';

/** Service outcomes are values: success, or an error the route renders with its code's status. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = <T = never>(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): Result<T> => ({
  ok: false,
  error: { ...details, code, message },
});
