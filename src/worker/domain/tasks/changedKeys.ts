import { jsonEqual } from '../clock/jsonEqual';

const BOOKKEEPING = new Set(['clock', 'fieldClocks', 'modifiedAt']);

/**
 * The keys of `changes` whose value really differs from `record`'s (JSON equality; `undefined`
 * means "not given"). Clock bookkeeping keys never count: an edit computes those itself.
 */
export function changedKeys(record: object, changes: object): string[] {
  const current = record as Record<string, unknown>;
  return Object.entries(changes)
    .filter(([key, value]) => value !== undefined && !BOOKKEEPING.has(key) && !jsonEqual(current[key], value))
    .map(([key]) => key);
}

/** `record` with the `keys` of `changes` copied over. */
export function withChanges<R extends object>(record: R, changes: object, keys: readonly string[]): R {
  const next: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const key of keys) next[key] = (changes as Record<string, unknown>)[key];
  return next as R;
}
