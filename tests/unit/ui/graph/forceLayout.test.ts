import { describe, expect, it } from 'vitest';
import { createLayout, type LayoutEdge } from '../../../../src/ui/graph/layout/forceLayout';
import { createQuadtreeBuilder, type Quadtree } from '../../../../src/ui/graph/layout/quadtree';
import { spiralOrder } from '../../../../src/ui/graph/layout/spiralOrder';

/** Two cliques of `size` nodes (0..size-1 and size..2size-1), no link between them. */
function twoCliques(size: number): LayoutEdge[] {
  const edges: LayoutEdge[] = [];
  for (const base of [0, size])
    for (let i = 0; i < size; i++)
      for (let j = i + 1; j < size; j++) edges.push({ source: base + i, target: base + j });
  return edges;
}

const dist = (l: { x: Float64Array; y: Float64Array }, a: number, b: number) =>
  Math.hypot((l.x[a] as number) - (l.x[b] as number), (l.y[a] as number) - (l.y[b] as number));

describe('force layout', () => {
  it('settles in about 150 ticks and gives the same picture every time', () => {
    const a = createLayout(20, twoCliques(10));
    const b = createLayout(20, twoCliques(10));
    const ticks = a.run();
    b.run();
    expect(ticks).toBeGreaterThan(120);
    expect(ticks).toBeLessThan(200);
    expect(a.settled()).toBe(true);
    expect(a.tick()).toBe(false);
    expect([...a.x]).toEqual([...b.x]);
    expect([...a.y]).toEqual([...b.y]);
  });

  it('draws linked nodes together and unlinked groups apart', () => {
    const l = createLayout(20, twoCliques(10));
    l.run();
    let inside = 0;
    let across = 0;
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 10; j++) {
        if (i !== j) inside += dist(l, i, j) + dist(l, 10 + i, 10 + j);
        across += dist(l, i, 10 + j);
      }
    expect(inside / 180).toBeLessThan((across / 100) * 0.6);
  });

  it('keeps unlinked nodes apart and finite, also when they start on one spot', () => {
    const l = createLayout(30, [], () => ({ x: 5, y: 5 }));
    l.run();
    for (let i = 0; i < 30; i++) {
      expect(Number.isFinite(l.x[i])).toBe(true);
      for (let j = i + 1; j < 30; j++) expect(dist(l, i, j)).toBeGreaterThan(1);
    }
  });

  it('starts from given positions, and ignores self-links and edges to unknown nodes', () => {
    const l = createLayout(
      2,
      [
        { source: 0, target: 0 },
        { source: 0, target: 7 },
      ],
      (i) => (i === 0 ? { x: 100, y: 0 } : undefined),
    );
    expect(l.x[0]).toBe(100);
    l.run();
    expect(l.x.every(Number.isFinite)).toBe(true);
  });
});

/** Every point of the tree under `c`, checking on the way that each inner cell's count is its children's sum. */
function pointsUnder(t: Quadtree, c: number): number[] {
  const kids = [0, 1, 2, 3].map((q) => t.child[c * 4 + q] as number).filter((k) => k >= 0);
  if (kids.length === 0) {
    const out: number[] = [];
    for (let j = t.body[c] as number; j >= 0; j = t.next[j] as number) out.push(j);
    expect(out.length).toBe(t.count[c]);
    return out;
  }
  expect(t.body[c]).toBe(-1);
  const under = kids.flatMap((k) => {
    // A child lies inside its parent, in the quadrant its number says.
    expect(t.size[k]).toBeCloseTo((t.size[c] as number) / 2, 12);
    return pointsUnder(t, k);
  });
  expect(under.length).toBe(t.count[c]);
  return under;
}

describe('spiral order', () => {
  it('places each linked group breadth-first from its best-linked node, bigger groups first', () => {
    // A star 4-{5,6,7} with 6-8, a pair 0-1, and 2, 3 unlinked.
    const edges = [
      { source: 4, target: 5 },
      { source: 6, target: 4 },
      { source: 4, target: 7 },
      { source: 8, target: 6 },
      { source: 0, target: 1 },
    ];
    expect([...spiralOrder(9, edges)]).toEqual([4, 5, 6, 7, 8, 0, 1, 2, 3]);
  });
});

describe('Barnes–Hut quadtree', () => {
  const n = 500;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = Math.sin(i * 12.9898) * 100;
    y[i] = Math.cos(i * 78.233) * 100;
  }
  x[1] = x[0] as number; // two points on one spot
  y[1] = y[0] as number;

  it('holds every point once, with the centre of mass of each cell', () => {
    const t = createQuadtreeBuilder().build(x, y, n) as Quadtree;
    expect(pointsUnder(t, 0).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(t.cx[0]).toBeCloseTo(x.reduce((s, v) => s + v, 0) / n, 9);
    for (let c = 0; c < t.cells; c++) {
      const inside = pointsUnder(t, c);
      expect(t.cx[c]).toBeCloseTo(inside.reduce((s, p) => s + (x[p] as number), 0) / inside.length, 9);
      expect(t.cy[c]).toBeCloseTo(inside.reduce((s, p) => s + (y[p] as number), 0) / inside.length, 9);
    }
    expect(createQuadtreeBuilder().build(x, y, 0)).toBeNull();
  });

  it('is rebuilt in place, growing when needed, with the same result as a fresh builder', () => {
    const reused = createQuadtreeBuilder();
    reused.build(x, y, 3);
    const again = reused.build(x, y, n) as Quadtree;
    const fresh = createQuadtreeBuilder().build(x, y, n) as Quadtree;
    expect(again.cells).toBe(fresh.cells);
    expect([...again.cx.subarray(0, again.cells)]).toEqual([...fresh.cx.subarray(0, fresh.cells)]);
    expect([...again.child.subarray(0, again.cells * 4)]).toEqual([
      ...fresh.child.subarray(0, fresh.cells * 4),
    ]);
    // Fewer points afterwards: the stale cells beyond `cells` are not part of the tree.
    const small = reused.build(x, y, 10) as Quadtree;
    expect(pointsUnder(small, 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });
});
