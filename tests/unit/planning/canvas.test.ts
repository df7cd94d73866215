import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectorEnds } from '../../../src/worker/domain/canvas/arrowGeometry';
import type { CanvasElement } from '../../../src/worker/domain/canvas/canvasElement';
import { openTestVault, value } from './harness';

const rect: CanvasElement = { id: 'r', type: 'rectangle', x: 0, y: 0, width: 100, height: 50 };
const oval: CanvasElement = { id: 'e', type: 'ellipse', x: 300, y: 0, width: 100, height: 50 };
const arrow: CanvasElement = {
  id: 'a',
  type: 'arrow',
  x: 0,
  y: 0,
  width: 1,
  height: 1,
  startBinding: 'r',
  endBinding: 'e',
};

describe('arrow geometry', () => {
  it('bound ends sit on the facing edges and follow a moved shape', () => {
    const scene = new Map([rect, oval].map((e) => [e.id, e]));
    expect(connectorEnds(arrow, (id) => scene.get(id))).toEqual([
      { x: 100, y: 25 },
      { x: 300, y: 25 },
    ]);
    scene.set('e', { ...oval, y: 200 });
    const [, end] = connectorEnds(arrow, (id) => scene.get(id));
    expect(end.y).toBe(200); // top edge of the moved ellipse's box
  });
});

describe('canvas operations', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  beforeEach(async () => {
    v = await openTestVault();
  });
  afterEach(() => v.close());

  it('folder-qualified names are unique; scenes keep bindings; bad bindings are refused', async () => {
    const c = value<{ id: string; path: string }>(
      await v.write('canvas.create', { title: 'Plan', folder: 'Work' }),
    );
    expect(c.path).toBe('Work/Plan');
    expect((await v.write('canvas.create', { title: 'plan', folder: 'Work' })).ok).toBe(false);
    value(await v.write('canvas.saveScene', 'Work/Plan', [rect, oval, arrow]));
    const got = value<{ elements: CanvasElement[] }>(await v.read('canvas.get', c.id));
    expect(got.elements.find((e) => e.id === 'a')).toMatchObject({ startBinding: 'r', endBinding: 'e' });

    const dangling = await v.write('canvas.saveScene', c.id, [rect, { ...arrow, endBinding: 'gone' }]);
    expect(dangling.ok).toBe(false);
    if (!dangling.ok) expect(dangling.error.field).toBe('elements[1].endBinding');
    const toArrow = await v.write('canvas.saveScene', c.id, [
      rect,
      arrow,
      { ...arrow, id: 'b', endBinding: 'a', startBinding: 'r' },
      oval,
    ]);
    expect(toArrow.ok).toBe(false);
    expect((await v.write('canvas.saveScene', c.id, [rect, rect])).ok).toBe(false);
    expect(value<{ elements: unknown[] }>(await v.read('canvas.get', c.id)).elements).toHaveLength(3);
    value(await v.write('canvas.delete', c.id));
    expect(value<{ total: number }>(await v.read('canvas.list')).total).toBe(0);
  });
});
