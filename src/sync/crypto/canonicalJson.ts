/**
 * Canonical JSON for bytes that get signed or bound as associated data.
 *
 * Guarantees: the same value always yields the same string on every runtime (object keys sorted
 * by UTF-16 code unit order, no whitespace, strings escaped by JSON.stringify, which every engine
 * implements identically for well-formed strings). Only the shapes signing needs are accepted:
 * null, booleans, strings, safe integers, arrays and plain objects. Anything else (floats, NaN,
 * undefined, lone surrogates, class instances) is a broken invariant and throws, because two
 * runtimes could serialise it differently and a signature would then fail for no visible reason.
 */
export type CanonicalValue =
  | null
  | boolean
  | string
  | number
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue };

export class CanonicalJsonError extends Error {
  override readonly name = 'CanonicalJsonError';
}

// A lone surrogate makes UTF-8 encoding lossy (it becomes U+FFFD), so two different strings
// would sign the same bytes.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function canonicalJson(value: CanonicalValue): string {
  return encode(value, '$');
}

function encode(value: CanonicalValue, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new CanonicalJsonError(`${path}: lone surrogate in string`);
      return JSON.stringify(value);
    case 'number':
      if (!Number.isSafeInteger(value)) throw new CanonicalJsonError(`${path}: not a safe integer: ${value}`);
      // -0 and 0 must not differ.
      return value === 0 ? '0' : String(value);
    case 'object':
      return isArray(value) ? encodeArray(value, path) : encodeObject(value, path);
    default:
      throw new CanonicalJsonError(`${path}: unsupported type ${typeof value}`);
  }
}

// Array.isArray does not narrow readonly arrays.
function isArray(value: object): value is readonly CanonicalValue[] {
  return Array.isArray(value);
}

function encodeArray(value: readonly CanonicalValue[], path: string): string {
  return `[${value.map((item, index) => encode(item, `${path}[${index}]`)).join(',')}]`;
}

function encodeObject(value: { readonly [key: string]: CanonicalValue }, path: string): string {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new CanonicalJsonError(`${path}: not a plain object`);
  }
  const keys = Object.keys(value).sort();
  const parts = keys.map((key) => {
    if (LONE_SURROGATE.test(key)) throw new CanonicalJsonError(`${path}: lone surrogate in key`);
    const item = value[key];
    if (item === undefined) throw new CanonicalJsonError(`${path}.${key}: undefined`);
    return `${JSON.stringify(key)}:${encode(item, `${path}.${key}`)}`;
  });
  return `{${parts.join(',')}}`;
}
