import { createSignal } from 'solid-js';
import type { AppError } from '../../../shared/result';
import type { OpResult } from './callOp';

/** The last refusal of a section's writes, shown by <Failure>; a success clears it. */
export function createFailure() {
  const [error, setError] = createSignal<AppError | null>(null);
  return {
    error,
    clear: () => setError(null),
    /** Records the outcome of a write; answers the value, or null after a refusal. */
    take<T>(res: OpResult<T>): T | null {
      setError(res.ok ? null : res.error);
      return res.ok ? res.value : null;
    },
  };
}

export type Failure = ReturnType<typeof createFailure>;
