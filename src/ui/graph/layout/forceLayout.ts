import { createQuadtreeBuilder, type Quadtree } from './quadtree';
import { spiralOrder } from './spiralOrder';

/**
 * A force-directed layout for the link graph, in the manner of d3-force (which is not installed):
 * links pull their ends to a rest length, every node repels every other (Barnes–Hut), a weak pull
 * to the origin keeps islands near, and a cooling `alpha` lets it settle. Pure and deterministic:
 * the same graph and start give the same picture; no DOM, no timers (the UI runs ticks per frame).
 */
export interface LayoutEdge {
  source: number;
  target: number;
}

export interface LayoutOptions {
  /** rest length of a link */
  linkDistance: number;
  /** repulsion of each node (d3's many-body strength, negative) */
  charge: number;
  /** pull toward the origin, per unit of distance */
  gravity: number;
  /** Barnes–Hut accuracy: a cell this small relative to its distance acts as one body */
  theta: number;
  /** the layout is settled when alpha falls below this */
  alphaMin: number;
  /**
   * 150 ticks from alpha 1 to alphaMin, half of d3's 300: the breadth-first spiral start
   * (spiralOrder) leaves less to do. On the Obsidian Help vault 150 ticks from it give links as
   * short relative to the spread (mean link / mean distance 0.345) as 300 did from the plain spiral.
   */
  alphaDecay: number;
  velocityDecay: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = {
  linkDistance: 40,
  charge: -60,
  gravity: 0.06,
  theta: 0.9,
  alphaMin: 0.001,
  alphaDecay: 1 - 0.001 ** (1 / 150),
  velocityDecay: 0.4,
};

export interface Layout {
  readonly n: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** the current temperature; 0 once settled */
  alpha(): number;
  settled(): boolean;
  /** One step; returns whether the layout is still moving. */
  tick(): boolean;
  /** Ticks until settled or `maxTicks`; returns the ticks run. */
  run(maxTicks?: number): number;
}

/**
 * A layout of `n` nodes. `start` gives known positions (NaN for unknown), so a re-filtered
 * graph keeps its shape; the others start on a sunflower spiral (even spread, no randomness),
 * in breadth-first order so linked nodes start close (spiralOrder).
 */
export function createLayout(
  n: number,
  edges: readonly LayoutEdge[],
  start?: (i: number) => { x: number; y: number } | undefined,
  options: LayoutOptions = DEFAULT_LAYOUT,
  /** starting temperature: lower when most nodes keep known positions (a gentle re-settle) */
  startAlpha = 1,
): Layout {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const vx = new Float64Array(n);
  const vy = new Float64Array(n);
  const links = edges.filter((e) => e.source !== e.target && e.source < n && e.target < n);
  const golden = Math.PI * (3 - Math.sqrt(5));
  const order = spiralOrder(n, links);
  for (let place = 0; place < n; place++) {
    const i = order[place] as number;
    const known = start?.(i);
    const r = 10 * Math.sqrt(0.5 + place);
    x[i] = known?.x ?? r * Math.cos(place * golden);
    y[i] = known?.y ?? r * Math.sin(place * golden);
  }
  const degree = new Uint32Array(n);
  for (const e of links) {
    degree[e.source] = (degree[e.source] ?? 0) + 1;
    degree[e.target] = (degree[e.target] ?? 0) + 1;
  }
  let alpha = startAlpha;
  const o = options;
  const theta2 = o.theta * o.theta;

  function applyLinks() {
    for (const e of links) {
      const s = e.source;
      const t = e.target;
      const ds = degree[s] as number;
      const dt = degree[t] as number;
      let dx = (x[t] as number) + (vx[t] as number) - (x[s] as number) - (vx[s] as number) || 1e-6;
      let dy = (y[t] as number) + (vy[t] as number) - (y[s] as number) - (vy[s] as number) || 1e-6;
      const l = Math.sqrt(dx * dx + dy * dy);
      // A hub's links pull it less than a leaf's (d3's default strength and bias).
      const k = ((l - o.linkDistance) / l) * alpha * (1 / Math.min(ds, dt));
      dx *= k;
      dy *= k;
      const bias = ds / (ds + dt);
      vx[t] = (vx[t] as number) - dx * bias;
      vy[t] = (vy[t] as number) - dy * bias;
      vx[s] = (vx[s] as number) + dx * (1 - bias);
      vy[s] = (vy[s] as number) + dy * (1 - bias);
    }
  }

  const trees = createQuadtreeBuilder();
  let stack = new Int32Array(64);
  // Per cell, side by side for the walk's memory locality: centre x, y, count, (side / theta)².
  let packed = new Float64Array(0);

  function repel(t: Quadtree) {
    const { child, body, next } = t;
    const cells = t.cells;
    // A walk holds at most 3 siblings per level plus one cell; the tree's cell count bounds it.
    if (stack.length < cells + 4) stack = new Int32Array(cells * 2 + 4);
    if (packed.length < cells * 4) packed = new Float64Array(cells * 8);
    for (let c = 0; c < cells; c++) {
      const side = t.size[c] as number;
      packed[c * 4] = t.cx[c] as number;
      packed[c * 4 + 1] = t.cy[c] as number;
      packed[c * 4 + 2] = t.count[c] as number;
      packed[c * 4 + 3] = (side * side) / theta2;
    }
    const strength = o.charge * alpha;
    for (let i = 0; i < n; i++) {
      const xi = x[i] as number;
      const yi = y[i] as number;
      // The force on i is summed here and added once (the same sum push() gave, in the same order).
      let fx = 0;
      let fy = 0;
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const c = stack[--top] as number;
        const k = c * 4;
        const dx = (packed[k] as number) - xi;
        const dy = (packed[k + 1] as number) - yi;
        let l = dx * dx + dy * dy;
        if ((packed[k + 3] as number) < l) {
          if (l < 1) l = 1; // d3's distanceMin: two nodes on one spot do not fling apart
          const f = (strength * (packed[k + 2] as number)) / l;
          fx += dx * f;
          fy += dy * f;
          continue;
        }
        const leaf = body[c] as number;
        if (leaf < 0) {
          for (let q = k + 3; q >= k; q--) {
            const ch = child[q] as number;
            if (ch >= 0) stack[top++] = ch;
          }
          continue;
        }
        for (let j = leaf; j >= 0; j = next[j] as number) {
          if (j === i) continue;
          // Points on one spot get a fixed, index-based nudge so they separate deterministically.
          const jx = (x[j] as number) - xi || (j - i) * 1e-3;
          const jy = (y[j] as number) - yi || (i - j) * 1e-3;
          let d2 = jx * jx + jy * jy;
          if (d2 < 1) d2 = 1;
          const f = strength / d2;
          fx += jx * f;
          fy += jy * f;
        }
      }
      vx[i] = (vx[i] as number) + fx;
      vy[i] = (vy[i] as number) + fy;
    }
  }

  function tick(): boolean {
    if (alpha < o.alphaMin) return false;
    alpha += (0 - alpha) * o.alphaDecay;
    applyLinks();
    const tree = trees.build(x, y, n);
    if (tree) repel(tree);
    for (let i = 0; i < n; i++) {
      vx[i] = ((vx[i] as number) - (x[i] as number) * o.gravity * alpha) * (1 - o.velocityDecay);
      vy[i] = ((vy[i] as number) - (y[i] as number) * o.gravity * alpha) * (1 - o.velocityDecay);
      x[i] = (x[i] as number) + (vx[i] as number);
      y[i] = (y[i] as number) + (vy[i] as number);
    }
    return alpha >= o.alphaMin;
  }

  return {
    n,
    x,
    y,
    alpha: () => (alpha < o.alphaMin ? 0 : alpha),
    settled: () => alpha < o.alphaMin,
    tick,
    run(maxTicks = 1000) {
      let ticks = 0;
      while (ticks < maxTicks && tick()) ticks++;
      return ticks;
    },
  };
}
