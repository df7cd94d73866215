/**
 * The refusal every notes-domain check returns instead of throwing: the spec's VALIDATION code,
 * a sentence a person can read, and the argument (`field`) that was refused. Callers at the
 * operation boundary pass it through unchanged.
 */
export interface ValidationError {
  code: 'VALIDATION';
  message: string;
  field: string;
  /** the rule that failed, e.g. "1..200 characters" */
  expected?: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: ValidationError };

export function refuse(
  field: string,
  message: string,
  expected?: string,
): { ok: false; error: ValidationError } {
  const error: ValidationError = { code: 'VALIDATION', message, field };
  if (expected !== undefined) error.expected = expected;
  return { ok: false, error };
}

export function accept<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
