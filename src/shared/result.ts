/**
 * Errors cross every boundary as values: `{code, message, ...details}` with the spec's codes.
 * A Result is what a worker call answers; the UI branches on `ok`, never on a thrown string.
 */
export interface AppError {
  code: string;
  message: string;
  /** the argument or field that was refused, when one was */
  field?: string;
  expected?: string;
  allowed?: readonly (string | number | boolean | null)[];
  candidates?: readonly unknown[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: string, message: string, details: Omit<AppError, 'code' | 'message'> = {}) =>
  ({ ok: false, error: { code, message, ...details } }) as const;

/** Thrown inside a transaction to abort it with a value the boundary turns back into a Result. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}
