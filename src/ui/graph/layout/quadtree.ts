/**
 * A Barnes–Hut quadtree over points, for the many-body repulsion of the force layout: a far
 * cell acts as one body at its centre of mass, so a tick costs O(n log n) instead of O(n²).
 * Every point weighs the same. Built fresh each tick (positions move); pure and allocation-light.
 */
export interface Cell {
  /** the cell's square: left, top, side */
  x0: number;
  y0: number;
  size: number;
  /** centre of mass and number of points inside */
  cx: number;
  cy: number;
  count: number;
  /** the points of a leaf (one, or several that share a spot); empty for an inner cell */
  bodies: number[];
  children: Cell[];
}

/** Below this side length points are treated as sharing a spot (no further split). */
const MIN_SIZE = 1e-3;

export function buildQuadtree(x: Float64Array, y: Float64Array, n: number): Cell | null {
  if (n === 0) return null;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    x0 = Math.min(x0, x[i] as number);
    y0 = Math.min(y0, y[i] as number);
    x1 = Math.max(x1, x[i] as number);
    y1 = Math.max(y1, y[i] as number);
  }
  const all = Array.from({ length: n }, (_, i) => i);
  return build(x, y, all, x0, y0, Math.max(x1 - x0, y1 - y0, MIN_SIZE));
}

function build(
  x: Float64Array,
  y: Float64Array,
  points: number[],
  x0: number,
  y0: number,
  size: number,
): Cell {
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += x[p] as number;
    sy += y[p] as number;
  }
  const cell: Cell = {
    x0,
    y0,
    size,
    cx: sx / points.length,
    cy: sy / points.length,
    count: points.length,
    bodies: [],
    children: [],
  };
  if (points.length === 1 || size <= MIN_SIZE) {
    cell.bodies = points;
    return cell;
  }
  const half = size / 2;
  const quads: number[][] = [[], [], [], []];
  for (const p of points) {
    const q = ((x[p] as number) >= x0 + half ? 1 : 0) + ((y[p] as number) >= y0 + half ? 2 : 0);
    quads[q]?.push(p);
  }
  quads.forEach((q, i) => {
    if (q.length > 0)
      cell.children.push(build(x, y, q, x0 + (i & 1 ? half : 0), y0 + (i & 2 ? half : 0), half));
  });
  return cell;
}
