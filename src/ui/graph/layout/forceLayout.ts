import { buildQuadtree, type Cell } from './quadtree';

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
  /** about 300 ticks from alpha 1 to alphaMin, as d3 */
  alphaDecay: number;
  velocityDecay: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = {
  linkDistance: 40,
  charge: -60,
  gravity: 0.06,
  theta: 0.9,
  alphaMin: 0.001,
  alphaDecay: 1 - 0.001 ** (1 / 300),
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
 * graph keeps its shape; the others start on a sunflower spiral (even spread, no randomness).
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
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < n; i++) {
    const known = start?.(i);
    const r = 10 * Math.sqrt(0.5 + i);
    x[i] = known?.x ?? r * Math.cos(i * golden);
    y[i] = known?.y ?? r * Math.sin(i * golden);
  }
  const degree = new Uint32Array(n);
  const links = edges.filter((e) => e.source !== e.target && e.source < n && e.target < n);
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

  function push(i: number, dx: number, dy: number, weight: number) {
    let l = dx * dx + dy * dy;
    if (l < 1) l = 1; // d3's distanceMin: two nodes on one spot do not fling apart
    const f = (o.charge * weight * alpha) / l;
    vx[i] = (vx[i] as number) + dx * f;
    vy[i] = (vy[i] as number) + dy * f;
  }

  function repel(root: Cell) {
    const stack: Cell[] = [];
    for (let i = 0; i < n; i++) {
      const xi = x[i] as number;
      const yi = y[i] as number;
      stack.push(root);
      while (stack.length > 0) {
        const c = stack.pop() as Cell;
        const dx = c.cx - xi;
        const dy = c.cy - yi;
        const far = (c.size * c.size) / theta2 < dx * dx + dy * dy;
        if (far) push(i, dx, dy, c.count);
        else if (c.children.length > 0) for (const child of c.children) stack.push(child);
        else
          for (const j of c.bodies) {
            if (j === i) continue;
            // Points on one spot get a fixed, index-based nudge so they separate deterministically.
            const jx = (x[j] as number) - xi || (j - i) * 1e-3;
            const jy = (y[j] as number) - yi || (i - j) * 1e-3;
            push(i, jx, jy, 1);
          }
      }
    }
  }

  function tick(): boolean {
    if (alpha < o.alphaMin) return false;
    alpha += (0 - alpha) * o.alphaDecay;
    applyLinks();
    const root = buildQuadtree(x, y, n);
    if (root) repel(root);
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
