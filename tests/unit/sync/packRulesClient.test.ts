import { describe, expect, it } from 'vitest';
import { appliedThrough } from '../../../src/sync/engine/packs/appliedThrough';
import { createPackPacer } from '../../../src/sync/engine/packs/packPacer';
import type { PackListEntry } from '../../../src/sync/protocol/packs';

const pack = (minCursor: number, maxCursor: number): PackListEntry => ({
  kind: 'crdt_snapshot',
  minCursor,
  maxCursor,
  sizeBytes: 1,
  entryCount: 1,
});

/** `PACKS_APPLIED_THROUGH_CURSOR` (spec 3.7) and the transfer pacer (8.2), client side. */
describe('PACKS_APPLIED_THROUGH_CURSOR', () => {
  const p1 = pack(10, 20);
  const p2 = pack(20, 30);
  const p3 = pack(30, 30);
  const p4 = pack(30, 40);
  const listed = [p4, p3, p2, p1]; // newest first, as listed

  it('is the top of the unbroken run of completed packs from the oldest, not the highest completed', () => {
    expect(appliedThrough(0, listed, new Set([p1, p2, p3, p4]), false)).toBe(40);
    expect(appliedThrough(0, listed, new Set([p4, p3, p1]), false)).toBe(20);
    expect(appliedThrough(0, listed, new Set([p4, p3, p2]), false)).toBe(0);
  });

  it('packs sharing a maxCursor advance it only when all of them completed', () => {
    expect(appliedThrough(0, listed, new Set([p1, p2, p4]), false)).toBe(20);
    expect(appliedThrough(0, listed, new Set([p1, p2, p3]), false)).toBe(30);
  });

  it('is not recorded when the listing was truncated, and never moves back', () => {
    expect(appliedThrough(0, listed, new Set(listed), true)).toBeNull();
    expect(appliedThrough(50, [], new Set(), false)).toBe(50);
    expect(appliedThrough(25, [p4, p3], new Set([p3]), false)).toBe(30);
  });
});

describe('pack transfer pacer', () => {
  it('starts at most 60 x 5 requests in any 60 s, the rest when the window frees', async () => {
    let now = 0;
    const slept: number[] = [];
    const pacer = createPackPacer({
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
    expect(pacer.max).toBe(300);
    for (let i = 0; i < 300; i++) await pacer.take();
    expect(slept).toEqual([]);
    now = 10_000;
    await pacer.take();
    expect(slept).toEqual([50_000]);
    expect(now).toBe(60_000);
  });

  it('reads the factor once: a factor of 0.01 still allows one a minute', async () => {
    const pacer = createPackPacer({ now: () => 0, sleep: async () => {}, factor: 0.01 });
    expect(pacer.max).toBe(1);
  });
});
