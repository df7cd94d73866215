import fc from 'fast-check';

/**
 * Hostile text and values for generated requests (issue 18 part 4): huge strings, lone surrogates,
 * RTL overrides, NULs, path tricks; and markers for what JSON.stringify cannot write (bare NaN and
 * Infinity tokens, nesting thousands deep), spliced into the raw text by `rawJson`.
 */
export const HOSTILE_CONSTANTS = [
  '\uD800',
  '\uDFFFa\uD800',
  '\u202Eevil',
  'a\u0000b',
  '\uFEFF',
  '𝕏'.repeat(3),
  'e\u0301\u0301\u0301',
  '../../etc/passwd',
  '%00',
  "'; DROP TABLE items; --",
  '',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(...HOSTILE_CONSTANTS),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

/** printable ASCII only: what a header can carry (fetch refuses the rest before sending) */
export const headerString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 64 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, '')),
  fc.constantFrom('default', '00000000-0000-0000-0000-000000000000', 'note,note_body', ' ', 'x'.repeat(3000)),
);

const NAN = '"@@NaN@@"';
const INF = '"@@Inf@@"';
/** A value that, written by `rawJson`, becomes a bare token or a deep nesting. */
export const rawToken = fc.oneof(
  fc.constantFrom(NAN, INF).map((m) => JSON.parse(m) as string),
  fc.integer({ min: 50, max: 5000 }).map((n) => `@@DEEP${n}@@`),
);

/** Any JSON value, hostile ones included (NaN, Infinity and deep nesting as raw-token markers). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, true, false, -1, 2 ** 53, 1e308, -0.5, [], {}),
  rawToken,
  fc.jsonValue({ maxDepth: 3 }),
);

const nested = (n: number) => `${'[{"a":'.repeat(n)}1${'}]'.repeat(n)}`;

/** JSON text of `value` with the raw-token markers replaced (NaN, Infinity, deep nesting). */
export function rawJson(value: unknown): string {
  const text = JSON.stringify(value, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? null : x));
  return (text ?? 'null')
    .replaceAll(NAN, 'NaN')
    .replaceAll(INF, 'Infinity')
    .replace(/"@@DEEP(\d+)@@"/g, (_m, n) => nested(Number(n)));
}

/** What the service's JSON.parse would make of the raw text (undefined: not JSON). */
export function parsedAsServer(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
