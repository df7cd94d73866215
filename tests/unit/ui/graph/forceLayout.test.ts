import { describe, expect, it } from 'vitest';
import { createLayout, type LayoutEdge } from '../../../../src/ui/graph/layout/forceLayout';
import { buildQuadtree, type Cell } from '../../../../src/ui/graph/layout/quadtree';

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
  it('settles in about 300 ticks and gives the same picture every time', () => {
    const a = createLayout(20, twoCliques(10));
    const b = createLayout(20, twoCliques(10));
    const ticks = a.run();
    b.run();
    expect(ticks).toBeGreaterThan(250);
    expect(ticks).toBeLessThan(400);
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

describe('Barnes–Hut quadtree', () => {
  it('holds every point once, with the centre of mass of its cell', () => {
    const n = 500;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      x[i] = Math.sin(i * 12.9898) * 100;
      y[i] = Math.cos(i * 78.233) * 100;
    }
    x[1] = x[0] as number; // two points on one spot
    y[1] = y[0] as number;
    const root = buildQuadtree(x, y, n) as Cell;
    const seen: number[] = [];
    const walk = (c: Cell): void => {
      if (c.children.length === 0) seen.push(...c.bodies);
      const sum = c.children.reduce((s, ch) => s + ch.count, 0);
      if (c.children.length > 0) expect(sum).toBe(c.count);
      c.children.forEach(walk);
    };
    walk(root);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(root.cx).toBeCloseTo(x.reduce((s, v) => s + v, 0) / n, 9);
    expect(buildQuadtree(x, y, 0)).toBeNull();
  });
});
