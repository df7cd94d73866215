/**
 * A Barnes–Hut quadtree over points, for the many-body repulsion of the force layout: a far
 * cell acts as one body at its centre of mass, so a tick costs O(n log n) instead of O(n²).
 * Every point weighs the same.
 *
 * Flat and reused: the cells live in typed arrays indexed by cell number (no object per cell or
 * point), kept between ticks and grown by doubling, so rebuilding the tree every tick allocates
 * nothing once warm. Built by inserting the points in index order, so the same positions always
 * give the same tree.
 */
export interface Quadtree {
  /** cells in use; cell 0 is the root */
  readonly cells: number;
  /** each cell's square: left, top, side */
  readonly x0: Float64Array;
  readonly y0: Float64Array;
  readonly size: Float64Array;
  /** centre of mass and number of points inside */
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  readonly count: Float64Array;
  /** four child cells per cell (quadrant = right + 2 × lower), -1 where none */
  readonly child: Int32Array;
  /** a leaf's first point, -1 for an inner or empty cell */
  readonly body: Int32Array;
  /** the next point sharing a leaf (points on one spot), -1 at the end; indexed by point */
  readonly next: Int32Array;
}

/** Below this side length points are treated as sharing a spot (no further split). */
const MIN_SIZE = 1e-3;

export interface QuadtreeBuilder {
  /** The tree of the first `n` points (overwrites the previous one); null when there are none. */
  build(x: Float64Array, y: Float64Array, n: number): Quadtree | null;
}

export function createQuadtreeBuilder(): QuadtreeBuilder {
  let cap = 0;
  let cells = 0;
  let x0 = new Float64Array(0);
  let y0 = new Float64Array(0);
  let size = new Float64Array(0);
  let cx = new Float64Array(0);
  let cy = new Float64Array(0);
  let count = new Float64Array(0);
  let child = new Int32Array(0);
  let body = new Int32Array(0);
  let next = new Int32Array(0);
  // The positions being built from (set by build).
  let xs: Float64Array = new Float64Array(0);
  let ys: Float64Array = new Float64Array(0);

  function grow(to: number) {
    const copy = <T extends Float64Array | Int32Array>(a: T, make: (len: number) => T, len: number): T => {
      const b = make(len);
      b.set(a);
      return b;
    };
    const f = (len: number) => new Float64Array(len);
    const i = (len: number) => new Int32Array(len);
    x0 = copy(x0, f, to);
    y0 = copy(y0, f, to);
    size = copy(size, f, to);
    cx = copy(cx, f, to);
    cy = copy(cy, f, to);
    count = copy(count, f, to);
    child = copy(child, i, to * 4);
    body = copy(body, i, to);
    cap = to;
  }

  function cell(left: number, top: number, side: number): number {
    if (cells === cap) grow(Math.max(64, cap * 2));
    const c = cells++;
    x0[c] = left;
    y0[c] = top;
    size[c] = side;
    cx[c] = 0;
    cy[c] = 0;
    count[c] = 0;
    body[c] = -1;
    child.fill(-1, c * 4, c * 4 + 4);
    return c;
  }

  /** The child of `c` in quadrant `q`, made when missing. */
  function childAt(c: number, q: number): number {
    const existing = child[c * 4 + q] as number;
    if (existing >= 0) return existing;
    const half = (size[c] as number) / 2;
    const made = cell((x0[c] as number) + (q & 1 ? half : 0), (y0[c] as number) + (q & 2 ? half : 0), half);
    child[c * 4 + q] = made;
    return made;
  }

  const quadrant = (c: number, px: number, py: number) => {
    const half = (size[c] as number) / 2;
    return (px >= (x0[c] as number) + half ? 1 : 0) + (py >= (y0[c] as number) + half ? 2 : 0);
  };

  // An inner cell has no body of its own but a child; an empty one has neither.
  const isInner = (c: number) =>
    (body[c] as number) < 0 &&
    ((child[c * 4] as number) >= 0 ||
      (child[c * 4 + 1] as number) >= 0 ||
      (child[c * 4 + 2] as number) >= 0 ||
      (child[c * 4 + 3] as number) >= 0);

  function insert(p: number, px: number, py: number) {
    let c = 0;
    for (;;) {
      // The point's mass is already counted in `c`.
      if (isInner(c)) {
        c = childAt(c, quadrant(c, px, py));
        cx[c] = (cx[c] as number) + px;
        cy[c] = (cy[c] as number) + py;
        count[c] = (count[c] as number) + 1;
        continue;
      }
      const occupant = body[c] as number;
      if (occupant < 0 || (size[c] as number) <= MIN_SIZE) {
        next[p] = occupant;
        body[c] = p;
        return;
      }
      // Split an occupied leaf (one point, as it is wider than MIN_SIZE): its point moves down.
      body[c] = -1;
      const ox = xs[occupant] as number;
      const oy = ys[occupant] as number;
      const down = childAt(c, quadrant(c, ox, oy));
      cx[down] = ox;
      cy[down] = oy;
      count[down] = 1;
      body[down] = occupant;
      next[occupant] = -1;
    }
  }

  const tree: Quadtree = {
    get cells() {
      return cells;
    },
    get x0() {
      return x0;
    },
    get y0() {
      return y0;
    },
    get size() {
      return size;
    },
    get cx() {
      return cx;
    },
    get cy() {
      return cy;
    },
    get count() {
      return count;
    },
    get child() {
      return child;
    },
    get body() {
      return body;
    },
    get next() {
      return next;
    },
  };

  return {
    build(x, y, n) {
      if (n === 0) return null;
      xs = x;
      ys = y;
      if (next.length < n) next = new Int32Array(n);
      let left = Number.POSITIVE_INFINITY;
      let top = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      let bottom = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < n; i++) {
        const px = x[i] as number;
        const py = y[i] as number;
        if (px < left) left = px;
        if (px > right) right = px;
        if (py < top) top = py;
        if (py > bottom) bottom = py;
      }
      cells = 0;
      const root = cell(left, top, Math.max(right - left, bottom - top, MIN_SIZE));
      for (let i = 0; i < n; i++) {
        const px = x[i] as number;
        const py = y[i] as number;
        cx[root] = (cx[root] as number) + px;
        cy[root] = (cy[root] as number) + py;
        count[root] = (count[root] as number) + 1;
        insert(i, px, py);
      }
      // Sums to centres of mass.
      for (let c = 0; c < cells; c++) {
        const k = count[c] as number;
        cx[c] = (cx[c] as number) / k;
        cy[c] = (cy[c] as number) / k;
      }
      return tree;
    },
  };
}
