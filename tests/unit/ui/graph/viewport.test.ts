import { describe, expect, it } from 'vitest';
import { fitView, MAX_ZOOM, panBy, pinch, zoomAt } from '../../../../src/ui/graph/viewport';

const toWorld = (v: { x: number; y: number; k: number }, px: number, py: number) => ({
  x: (px - v.x) / v.k,
  y: (py - v.y) / v.k,
});

describe('graph viewport', () => {
  it('zooms about the pointer: the point under it stays', () => {
    const v = { x: 10, y: 20, k: 1.5 };
    const z = zoomAt(v, 2, 300, 200);
    expect(z.k).toBe(3);
    expect(toWorld(z, 300, 200).x).toBeCloseTo(toWorld(v, 300, 200).x, 9);
    expect(toWorld(z, 300, 200).y).toBeCloseTo(toWorld(v, 300, 200).y, 9);
    expect(zoomAt(v, 1000, 0, 0).k).toBe(MAX_ZOOM);
  });

  it('pans by screen pixels', () => {
    expect(panBy({ x: 1, y: 2, k: 3 }, 10, -5)).toEqual({ x: 11, y: -3, k: 3 });
  });

  it('pinches: fingers twice as far apart zoom twice, the midpoint carries the world point', () => {
    const v = { x: 0, y: 0, k: 1 };
    const p = pinch(v, { x: 90, y: 100 }, { x: 110, y: 100 }, { x: 180, y: 150 }, { x: 220, y: 150 });
    expect(p.k).toBeCloseTo(2, 9);
    const w = toWorld(p, 200, 150);
    expect(w.x).toBeCloseTo(100, 9);
    expect(w.y).toBeCloseTo(100, 9);
  });

  it('fits the points in the box with a margin', () => {
    const v = fitView([-100, 100], [-50, 50], 400, 300, 0);
    expect(v.k).toBeCloseTo(2, 9);
    expect(v.x).toBeCloseTo(200, 9);
    expect(v.y).toBeCloseTo(150, 9);
    const wide = fitView([0, 1000], [0, 0], 400, 300, 0);
    expect(wide.k).toBeCloseTo(0.4, 9);
    expect(fitView([], [], 400, 300)).toEqual({ x: 200, y: 150, k: 1 });
  });
});
