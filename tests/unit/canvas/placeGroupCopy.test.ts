import { describe, expect, it } from 'vitest';
import { placeGroupCopy } from '../../../src/ui/planning/canvas/placeGroupCopy';
import type { CanvasElement } from '../../../src/worker/domain/canvas/canvasElement';

const el = (
  id: string,
  type: CanvasElement['type'],
  x: number,
  y: number,
  extra: Partial<CanvasElement> = {},
) => ({ id, type, x, y, width: 100, height: 60, ...extra }) as CanvasElement;

const SOURCE: readonly CanvasElement[] = [
  el('r0', 'rectangle', -500, 0),
  el('f', 'frame', 0, 0, { width: 300, height: 200, text: 'Bed layout' }),
  el('a', 'rectangle', 20, 20, { frameId: 'f' }),
];

function ids() {
  let n = 0;
  return () => `new-${++n}`;
}

describe('placeGroupCopy (where Insert copy puts a library group)', () => {
  it('a group of this canvas is copied to the right of its original, appended as one scene', () => {
    const placed = placeGroupCopy({
      scene: SOURCE,
      source: SOURCE,
      frameId: 'f',
      sameCanvas: true,
      center: { x: 9999, y: 9999 },
      newId: ids(),
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.scene.slice(0, SOURCE.length)).toEqual(SOURCE);
    expect(placed.scene.slice(SOURCE.length)).toMatchObject([
      { id: 'new-1', type: 'frame', x: 340, y: 0 },
      { id: 'new-2', type: 'rectangle', x: 360, y: 20, frameId: 'new-1' },
    ]);
    expect(placed.frameId).toBe('new-1');
  });

  it('a group from another canvas is centred on the view, after what the scene holds', () => {
    const scene = [el('mine', 'ellipse', 0, 0)];
    const placed = placeGroupCopy({
      scene,
      source: SOURCE,
      frameId: 'f',
      sameCanvas: false,
      center: { x: 1000, y: 500 },
      newId: ids(),
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.scene.map((e) => [e.id, e.x, e.y])).toEqual([
      ['mine', 0, 0],
      ['new-1', 850, 400],
      ['new-2', 870, 420],
    ]);
  });

  it('refuses a frame that is gone, and a copy past the element limit', () => {
    const base = { source: SOURCE, sameCanvas: false, center: { x: 0, y: 0 }, newId: ids() };
    expect(placeGroupCopy({ ...base, scene: [], frameId: 'gone' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(placeGroupCopy({ ...base, scene: [], frameId: 'a' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    const full = Array.from({ length: 4999 }, (_, i) => el(`e${i}`, 'rectangle', i, 0));
    expect(placeGroupCopy({ ...base, scene: full, frameId: 'f' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
  });
});
