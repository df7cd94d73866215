import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteQueue } from '../../../src/sync/crypto/byteQueue';

describe('ByteQueue', () => {
  it('returns the pushed bytes in order for any push and take sizes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 20 })),
        fc.array(fc.nat(25), { minLength: 1 }),
        (pieces, takes) => {
          const queue = new ByteQueue();
          const all = pieces.flatMap((p) => Array.from(p));
          for (const p of pieces) queue.push(p);
          const out: number[] = [];
          for (const t of takes) out.push(...queue.take(Math.min(t, queue.length)));
          out.push(...queue.take(queue.length));
          expect(out).toEqual(all);
          expect(queue.length).toBe(0);
        },
      ),
    );
  });

  it('refuses to take past the end', () => {
    const queue = new ByteQueue();
    queue.push(Uint8Array.of(1));
    expect(() => queue.take(2)).toThrow(RangeError);
  });
});
