/**
 * Errors of the tasks domain, as values. Every refusal names the field it is about, and a refused
 * operation has produced no change set, so nothing is written.
 */
export interface ValidationError {
  readonly code: 'VALIDATION';
  readonly message: string;
  /** dotted path of the offending input, e.g. `title`, `repeatConfig.interval`, `ids[3]` */
  readonly field: string;
  /** the type or constraint the value must meet, e.g. `string of 1..500 characters` */
  readonly expected?: string;
  /** the allowed values, when the field is an enumeration */
  readonly allowed?: readonly unknown[];
}

export interface NotFoundError {
  readonly code: 'NOT_FOUND';
  readonly message: string;
  readonly field: string;
  readonly id: string;
}

export type TaskDomainError = ValidationError | NotFoundError;

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: TaskDomainError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: TaskDomainError): Result<T> {
  return { ok: false, error };
}

export function invalid(
  field: string,
  message: string,
  extra: { expected?: string; allowed?: readonly unknown[] } = {},
): ValidationError {
  return { code: 'VALIDATION', message, field, ...extra };
}

export function notFound(field: string, kind: string, id: string): NotFoundError {
  return { code: 'NOT_FOUND', message: `${kind} ${JSON.stringify(id)} does not exist`, field, id };
}
