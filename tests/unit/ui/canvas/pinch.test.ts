import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createViewport } from '../../../../src/ui/planning/canvas/createViewport';
import { pinchStep } from '../../../../src/ui/planning/canvas/pinch';

describe('two-finger pinch on the canvas', () => {
  it('spreading the fingers zooms by their ratio and keeps the world point between them under them', () => {
    createRoot((dispose) => {
      const viewport = createViewport();
      viewport.panBy(40, 10);
      const before = [
        { x: 100, y: 200 },
        { x: 200, y: 200 },
      ] as const;
      const under = viewport.toWorld({ x: 150, y: 200 });
      // Fingers spread to twice the distance and drift 30 px right together.
      const after = [
        { x: 80, y: 200 },
        { x: 280, y: 200 },
      ] as const;
      const step = pinchStep(before, after);
      expect(step.factor).toBeCloseTo(2);
      viewport.zoomAt(step.factor, step.at);
      viewport.panBy(step.dx, step.dy);
      expect(viewport.view().zoom).toBeCloseTo(2);
      const now = viewport.toWorld({ x: 180, y: 200 });
      expect(now.x).toBeCloseTo(under.x);
      expect(now.y).toBeCloseTo(under.y);
      dispose();
    });
  });

  it('pinching in zooms out; fingers almost touching only pan', () => {
    const inward = pinchStep(
      [
        { x: 0, y: 0 },
        { x: 200, y: 0 },
      ],
      [
        { x: 50, y: 0 },
        { x: 150, y: 0 },
      ],
    );
    expect(inward.factor).toBeCloseTo(0.5);
    expect([inward.dx, inward.dy]).toEqual([0, 0]);
    const close = pinchStep(
      [
        { x: 0, y: 0 },
        { x: 4, y: 0 },
      ],
      [
        { x: 10, y: 5 },
        { x: 30, y: 5 },
      ],
    );
    expect(close.factor).toBe(1);
    expect(close.dx).toBeCloseTo(18);
  });
});
