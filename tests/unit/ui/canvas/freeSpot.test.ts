import { describe, expect, it } from 'vitest';
import { freeSpot } from '../../../../src/ui/planning/canvas/freeSpot';

const CARD = { width: 200, height: 80 };
const view = { x: 0, y: 0, width: 1000, height: 600 };
const box = (at: { x: number; y: number }) => ({ x: at.x - 100, y: at.y - 40, ...CARD });
const overlap = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('freeSpot: where a new card goes', () => {
  it('the view centre when it is free', () => {
    expect(freeSpot([], view, CARD)).toEqual({ x: 500, y: 300 });
  });

  it('cards added one after another sit side by side, all in view, none on another', () => {
    const placed: ReturnType<typeof box>[] = [];
    for (let i = 0; i < 8; i++) placed.push(box(freeSpot(placed, view, CARD)));
    for (const [i, a] of placed.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(view.x);
      expect(a.y).toBeGreaterThanOrEqual(view.y);
      expect(a.x + a.width).toBeLessThanOrEqual(view.x + view.width);
      expect(a.y + a.height).toBeLessThanOrEqual(view.y + view.height);
      for (const b of placed.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    }
    // the nearest free places first: the second card is beside the first, not in a corner
    const [first, second] = placed;
    expect(Math.hypot(second!.x - first!.x, second!.y - first!.y)).toBeLessThan(300);
  });

  it('follows the view: a panned view gets the card in its own centre', () => {
    expect(freeSpot([], { x: 5000, y: -300, width: 400, height: 300 }, CARD)).toEqual({ x: 5200, y: -150 });
  });

  it('a full view: the centre, so the card is at least in sight', () => {
    const wall = [{ x: -100, y: -100, width: 1200, height: 800 }];
    expect(freeSpot(wall, view, CARD)).toEqual({ x: 500, y: 300 });
  });
});
