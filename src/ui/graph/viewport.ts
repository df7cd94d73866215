/**
 * The graph's pan and zoom as a value: a screen point is `world * k + (x, y)`. Pure functions,
 * so wheel, drag and pinch are tested without a browser.
 */
export interface Viewport {
  x: number;
  y: number;
  k: number;
}

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;

const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** Zooms by `factor` keeping the world point under the screen point (px, py) where it is. */
export function zoomAt(v: Viewport, factor: number, px: number, py: number): Viewport {
  const k = clampZoom(v.k * factor);
  const f = k / v.k;
  return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
}

export const panBy = (v: Viewport, dx: number, dy: number): Viewport => ({ ...v, x: v.x + dx, y: v.y + dy });

export interface Point {
  x: number;
  y: number;
}

/**
 * Two fingers: the world point under their starting midpoint follows the midpoint, and the zoom
 * changes by the ratio of their distances (so pinch zooms and two-finger drag pans at once).
 */
export function pinch(start: Viewport, a0: Point, b0: Point, a1: Point, b1: Point): Viewport {
  const d0 = Math.hypot(b0.x - a0.x, b0.y - a0.y) || 1;
  const d1 = Math.hypot(b1.x - a1.x, b1.y - a1.y) || 1;
  const m0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
  const m1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
  const zoomed = zoomAt(start, d1 / d0, m0.x, m0.y);
  return panBy(zoomed, m1.x - m0.x, m1.y - m0.y);
}

/** The viewport that shows the box of the points inside width × height with a margin. */
export function fitView(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  width: number,
  height: number,
  margin = 24,
): Viewport {
  if (xs.length === 0) return { x: width / 2, y: height / 2, k: 1 };
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < xs.length; i++) {
    x0 = Math.min(x0, xs[i] as number);
    x1 = Math.max(x1, xs[i] as number);
    y0 = Math.min(y0, ys[i] as number);
    y1 = Math.max(y1, ys[i] as number);
  }
  const k = clampZoom(
    Math.min(2, (width - 2 * margin) / Math.max(x1 - x0, 1), (height - 2 * margin) / Math.max(y1 - y0, 1)),
  );
  return { k, x: width / 2 - ((x0 + x1) / 2) * k, y: height / 2 - ((y0 + y1) / 2) * k };
}
