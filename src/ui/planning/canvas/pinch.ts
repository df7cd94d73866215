import type { Point } from './createViewport';

export interface PinchStep {
  /** zoom factor from the previous pair's spread to this pair's */
  factor: number;
  /** the screen point zoomed about: the pair's previous midpoint */
  at: Point;
  /** how far the midpoint moved on screen (the pan that follows the fingers) */
  dx: number;
  dy: number;
}

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const spread = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * One step of a two-finger gesture: the fingers moved from `before` to `after` (screen points).
 * Zooming by the spread ratio about the old midpoint, then panning by the midpoint's move, keeps
 * the world point between the fingers under them. Fingers too close together (under 8 px) only
 * pan, as their ratio would jump.
 */
export function pinchStep(before: readonly [Point, Point], after: readonly [Point, Point]): PinchStep {
  const m0 = mid(before[0], before[1]);
  const m1 = mid(after[0], after[1]);
  const s0 = spread(before[0], before[1]);
  const s1 = spread(after[0], after[1]);
  const factor = s0 < 8 || s1 < 8 ? 1 : s1 / s0;
  return { factor, at: m0, dx: m1.x - m0.x, dy: m1.y - m0.y };
}
