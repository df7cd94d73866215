import { describe, expect, it } from 'vitest';
import { freeSpot } from '../../../../src/ui/planning/canvas/freeSpot';

const CARD = { width: 200, height: 80 };
const view = { x: 0, y: 0, width: 1000, height: 600 };
const boxAt = (c: { x: number; y: number }) => ({ x: c.x - 100, y: c.y - 40, ...CARD });
const overlap = (a: ReturnType<typeof boxAt>, b: ReturnType<typeof boxAt>) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (b: ReturnType<typeof boxAt>, v: typeof view) =>
  b.x >= v.x && b.y >= v.y && b.x + b.width <= v.x + v.width && b.y + b.height <= v.y + v.height;

describe('freeSpot: where a new canvas card goes', () => {
  it('takes the centre of an empty view', () => {
    expect(freeSpot([], view, CARD)).toEqual({ x: 500, y: 300 });
  });

  it('puts cards added one after another side by side, all in view, none on another', () => {
    const boxes: ReturnType<typeof boxAt>[] = [];
    for (let i = 0; i < 12; i++) boxes.push(boxAt(freeSpot(boxes, view, CARD)));
    for (const [i, b] of boxes.entries()) {
      expect(inside(b, view), `card ${i} in view`).toBe(true);
      for (const other of boxes.slice(0, i)) expect(overlap(b, other), `card ${i} overlaps`).toBe(false);
    }
    // The second card is the nearest free place to the centre: directly above or below it.
    expect(boxes[1]!.x).toBe(boxes[0]!.x);
  });

  it('steps around anything already there, not only cards, in a view anywhere in the world', () => {
    const far = { x: -5000, y: 2000, width: 400, height: 400 };
    const shape = { x: -4900, y: 2150, width: 200, height: 100 };
    const b = boxAt(freeSpot([shape], far, CARD));
    expect(inside(b, far)).toBe(true);
    expect(overlap(b, shape)).toBe(false);
  });

  it('a narrow phone view stacks the cards in a column', () => {
    const phone = { x: 0, y: 0, width: 340, height: 420 };
    const a = boxAt(freeSpot([], phone, CARD));
    const b = boxAt(freeSpot([a], phone, CARD));
    expect(b.x).toBe(a.x);
    expect(Math.abs(b.y - a.y)).toBeGreaterThanOrEqual(80);
    expect(inside(b, phone)).toBe(true);
  });

  it('a full view still gets the card at its centre, in view', () => {
    const small = { x: 0, y: 0, width: 220, height: 100 };
    expect(freeSpot([boxAt({ x: 110, y: 50 })], small, CARD)).toEqual({ x: 110, y: 50 });
  });
});
