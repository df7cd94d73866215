import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { FieldRoot } from './fieldPath';
import type { OpError } from './result';
import type { AnySchema } from './schema';
import { translateAjvError } from './translateAjvError';

/**
 * Returns null when `data` passes, else ONE refusal naming the first failing field. Nothing is
 * coerced, defaulted or removed: the caller's value is checked exactly as sent.
 */
export type Validate = (data: unknown) => OpError | null;

// One Ajv for the worker: compiled validators are cached per schema object, so defining an
// operation or tool compiles its schema once. `verbose` keeps each error's schema for the
// translation (enum values, property names); union types (`['string', 'null']`) are allowed.
const ajv = new Ajv2020({
  allErrors: false,
  verbose: true,
  strict: true,
  strictTypes: false,
  // Optional trailing args make minItems smaller than prefixItems on purpose.
  strictTuples: false,
  allowUnionTypes: true,
});
const cache = new WeakMap<object, ValidateFunction>();

function compiled(schema: AnySchema): ValidateFunction {
  let fn = cache.get(schema);
  if (fn === undefined) {
    fn = ajv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

/**
 * Ajv lists an `anyOf`'s branch errors before the `anyOf` error itself. When every branch failed
 * at the value itself (a type mismatch), the `anyOf` error names it best ("object or null"); when
 * a branch got deeper (the right type, a bad member), its deepest error is the useful one.
 */
function pickError(errors: readonly ErrorObject[]): ErrorObject | undefined {
  const union = errors.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  if (union === undefined) return errors[0];
  const branches = errors.filter((e) => e !== union && e.instancePath.startsWith(union.instancePath));
  const deeper = branches.filter((e) => e.instancePath.length > union.instancePath.length);
  if (deeper.length === 0) return union;
  return deeper.reduce((a, b) => (b.instancePath.length > a.instancePath.length ? b : a));
}

/**
 * A validator for `schema`, compiled on its first use: a vault defines well over a hundred
 * operations and tools, and compiling every schema when the worker starts cost hundreds of ms
 * before the first note could be listed. Every schema is compiled by the generated bad-input
 * tests (tests/unit/tools), so a broken one still fails the build, not a user.
 */
export function createValidator(schema: AnySchema, root: FieldRoot): Validate {
  let fn: ReturnType<typeof compiled> | null = null;
  return (data) => {
    fn ??= compiled(schema);
    if (fn(data)) return null;
    const first = pickError(fn.errors ?? []);
    if (first === undefined)
      return { code: 'VALIDATION', message: `${root.label} is invalid`, field: root.label };
    return translateAjvError(first, data, root);
  };
}

export const ARGS_ROOT: FieldRoot = { label: 'args', prefixed: true };
export const ARGUMENTS_ROOT: FieldRoot = { label: 'arguments', prefixed: false };
