import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, fromBase64, toBase64 } from '../../../src/sync/crypto/bytes';
import { CanonicalJsonError, canonicalJson } from '../../../src/sync/crypto/canonicalJson';

describe('base64', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      }),
    );
  });

  it.each(['AB==', 'AAA', 'A A=', '-_==', 'QUJD\n', 'QUJD='])(
    'refuses %j (non-canonical or not standard)',
    (text) => {
      expect(fromBase64(text)).toBeNull();
    },
  );
});

describe('constantTimeEqual', () => {
  it('compares content and length', () => {
    expect(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true);
    expect(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3))).toBe(false);
    expect(constantTimeEqual(Uint8Array.of(1), Uint8Array.of(1, 0))).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and has no whitespace', () => {
    expect(canonicalJson({ b: [{ z: 1, a: null }], a: 'x', c: true })).toBe(
      '{"a":"x","b":[{"a":null,"z":1}],"c":true}',
    );
  });

  it('is independent of insertion order (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
        expect(JSON.parse(canonicalJson(record))).toEqual(record);
      }),
    );
  });

  it('writes -0 as 0', () => {
    expect(canonicalJson({ a: -0 })).toBe('{"a":0}');
  });

  it.each([
    ['a float', { a: 1.5 }],
    ['NaN', { a: Number.NaN }],
    ['an unsafe integer', { a: 2 ** 53 }],
    ['a lone surrogate', { a: '\uDC00' }],
    ['a lone surrogate key', { '\uD800': 1 }],
    ['undefined', { a: undefined as unknown as null }],
    ['a Date', { a: new Date() as unknown as null }],
  ])('throws on %s', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
  });
});
