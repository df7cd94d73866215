import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planPositions, positionBetween } from '../../../src/worker/domain/tasks/positions';

function apply(items: { id: string; position: number }[]) {
  const plan = planPositions(items);
  return { plan, positions: items.map((i) => plan.get(i.id) ?? i.position) };
}

describe('planPositions', () => {
  it('moving one item touches only that item', () => {
    const items = [
      { id: 'c', position: 2048 },
      { id: 'a', position: 0 },
      { id: 'b', position: 1024 },
    ];
    const { plan, positions } = apply(items);
    expect(plan.size).toBe(1);
    expect(positions[0]).toBeLessThan(positions[1]!);
    expect(positions[1]).toBeLessThan(positions[2]!);
  });

  it('an order already increasing changes nothing', () => {
    expect(
      planPositions([
        { id: 'a', position: 1 },
        { id: 'b', position: 5 },
      ]).size,
    ).toBe(0);
  });

  it('renumbers everything when there is no room between neighbours', () => {
    const { plan, positions } = apply([
      { id: 'a', position: 1 },
      { id: 'c', position: 3 },
      { id: 'b', position: 2 },
    ]);
    expect(positions).toEqual([0, 1024, 2048]);
    expect(plan.size).toBe(3);
  });

  it('always yields strictly increasing positions in the given order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -5000, max: 5000 }), { maxLength: 30 }), (ps) => {
        const items = ps.map((position, i) => ({ id: `t${i}`, position }));
        const { positions } = apply(items);
        for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]!);
        for (const p of positions) expect(Number.isInteger(p)).toBe(true);
      }),
    );
  });
});

describe('positionBetween', () => {
  it('drops between, before, after, or reports no room', () => {
    expect(positionBetween(0, 1024)).toBe(512);
    expect(positionBetween(null, 0)).toBe(-1024);
    expect(positionBetween(2048, null)).toBe(3072);
    expect(positionBetween(null, null)).toBe(0);
    expect(positionBetween(5, 6)).toBeNull();
    expect(positionBetween(5, 7)).toBe(6);
  });
});
