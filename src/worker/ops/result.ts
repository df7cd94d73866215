/**
 * Errors cross the operation and tool boundary as values, never as throws. The `code` is one of
 * the spec's codes (VALIDATION, NOT_FOUND, APPROVAL_DENIED) or one Cairn adds; every code is
 * listed in docs/agent-tools.md. Same `{ok, value | error}` shape as the domain checks use, so a
 * domain refusal passes through an operation unchanged.
 */
/** The codes this layer raises; a domain may pass others through (CONFLICT, TOO_LARGE, ...). */
export type KnownErrorCode =
  | 'VALIDATION'
  | 'NOT_FOUND'
  | 'APPROVAL_DENIED'
  | 'UNKNOWN_OPERATION'
  | 'UNKNOWN_TOOL'
  | 'WRONG_TOOL'
  | 'AMBIGUOUS'
  | 'UNAVAILABLE'
  | 'INTERNAL';

// `string & {}` keeps editor completion for the known codes while accepting a domain's own.
export type ErrorCode = KnownErrorCode | (string & {});

export interface OpError {
  code: ErrorCode;
  message: string;
  /** the refused argument, e.g. `args[0].limit` or `title` */
  field?: string;
  /** the type or constraint the field had to meet, e.g. `integer <= 50` */
  expected?: string;
  /** the values the field may take, when the schema enumerates them */
  allowed?: readonly unknown[];
  /** what the caller may have meant (an ambiguous canvas title, a misspelled operation) */
  candidates?: readonly unknown[];
  /** the operation concerned, on UNKNOWN_OPERATION and WRONG_TOOL */
  operation?: string;
  /** the tool to use instead, on WRONG_TOOL */
  tool?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: OpError };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(
  code: KnownErrorCode,
  message: string,
  details: Omit<OpError, 'code' | 'message'> = {},
): { ok: false; error: OpError } {
  return { ok: false, error: { code, message, ...details } };
}
