import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clocksEqual,
  compare,
  deleteApplies,
  isVectorClock,
  merge,
  sum,
  tick,
  type VectorClock,
} from '../../../src/worker/domain/clock/vectorClock';

const device = fc.constantFrom('a', 'b', 'c', 'd');
const clockArb: fc.Arbitrary<VectorClock> = fc.dictionary(device, fc.nat({ max: 50 }));

describe('vector clock', () => {
  it('tick advances only the named device and leaves the input untouched', () => {
    const c = { a: 2 };
    expect(tick(c, 'a')).toEqual({ a: 3 });
    expect(tick(c, 'b')).toEqual({ a: 2, b: 1 });
    expect(c).toEqual({ a: 2 });
    expect(() => tick(c, '')).toThrow();
  });

  it('compare names all four relations', () => {
    expect(compare({ a: 1 }, { a: 2 })).toBe('before');
    expect(compare({ a: 2, b: 1 }, { a: 2 })).toBe('after');
    expect(compare({ a: 1, b: 0 }, { a: 1 })).toBe('equal');
    expect(compare({ a: 2 }, { b: 1 })).toBe('concurrent');
    expect(compare({}, {})).toBe('equal');
  });

  it('sum adds every device tick', () => {
    expect(sum({})).toBe(0);
    expect(sum({ a: 3, b: 4 })).toBe(7);
  });

  it('isVectorClock refuses negative, fractional, non-number and empty-key entries', () => {
    expect(isVectorClock({ a: 1, b: 0 })).toBe(true);
    expect(isVectorClock({ a: -1 })).toBe(false);
    expect(isVectorClock({ a: 1.5 })).toBe(false);
    expect(isVectorClock({ a: '1' })).toBe(false);
    expect(isVectorClock({ '': 1 })).toBe(false);
    expect(isVectorClock([1])).toBe(false);
    expect(isVectorClock(null)).toBe(false);
  });

  it('merge is commutative, associative, idempotent and dominates both inputs', () => {
    fc.assert(
      fc.property(clockArb, clockArb, clockArb, (a, b, c) => {
        expect(clocksEqual(merge(a, b), merge(b, a))).toBe(true);
        expect(clocksEqual(merge(merge(a, b), c), merge(a, merge(b, c)))).toBe(true);
        expect(clocksEqual(merge(a, a), a)).toBe(true);
        expect(['after', 'equal']).toContain(compare(merge(a, b), a));
        expect(['after', 'equal']).toContain(compare(merge(a, b), b));
      }),
    );
  });

  it('compare is antisymmetric and a tick is always strictly after', () => {
    const flip = { before: 'after', after: 'before', equal: 'equal', concurrent: 'concurrent' } as const;
    fc.assert(
      fc.property(clockArb, clockArb, device, (a, b, d) => {
        expect(compare(b, a)).toBe(flip[compare(a, b)]);
        expect(compare(tick(a, d), a)).toBe('after');
        expect(sum(tick(a, d))).toBe(sum(a) + 1);
      }),
    );
  });
});

describe('deleteApplies', () => {
  it('a tombstone removes a record it saw or raced with, never one edited after it', () => {
    expect(deleteApplies({ a: 1 }, { a: 2 })).toBe(true);
    expect(deleteApplies({ a: 2 }, { a: 2 })).toBe(true);
    expect(deleteApplies({ a: 1, b: 1 }, { a: 2 })).toBe(true);
    expect(deleteApplies({ a: 3 }, { a: 2 })).toBe(false);
  });
});
