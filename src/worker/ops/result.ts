/**
 * Errors cross the operation and tool boundary as values, never as throws. The `code` is one of
 * the spec's codes (VALIDATION, NOT_FOUND, APPROVAL_DENIED) or one Cairn adds; every code is
 * listed in docs/agent-tools.md. Same `{ok, value | error}` shape as the domain checks use, so a
 * domain refusal passes through an operation unchanged.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'NOT_FOUND'
  | 'APPROVAL_DENIED'
  | 'UNKNOWN_OPERATION'
  | 'UNKNOWN_TOOL'
  | 'WRONG_TOOL'
  | 'AMBIGUOUS'
  | 'UNAVAILABLE'
  | 'INTERNAL';

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
  code: ErrorCode,
  message: string,
  details: Omit<OpError, 'code' | 'message'> = {},
): { ok: false; error: OpError } {
  return { ok: false, error: { code, message, ...details } };
}
