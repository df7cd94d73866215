import { describe, expect, it } from 'vitest';
import type { CanvasElement } from '../../../src/worker/domain/canvas/canvasElement';
import { checkScene } from '../../../src/worker/domain/canvas/checkScene';
import { copyGroup, groupOf } from '../../../src/worker/domain/canvas/copyGroup';

const el = (
  id: string,
  type: CanvasElement['type'],
  x: number,
  y: number,
  extra: Partial<CanvasElement> = {},
) => ({ id, type, x, y, width: 100, height: 60, ...extra }) as CanvasElement;

/** A titled frame with two members and an arrow between them, a nested frame, and outsiders. */
const SCENE: readonly CanvasElement[] = Object.freeze([
  el('f', 'frame', 0, 0, { width: 600, height: 400, text: 'Bed layout', strokeColor: '#1d2321' }),
  el('a', 'rectangle', 20, 20, { frameId: 'f', fillColor: '#e4efe9', text: 'Beans' }),
  el('b', 'ellipse', 300, 200, { frameId: 'f' }),
  el('ab', 'arrow', 0, 0, { width: 1, height: 1, startBinding: 'a', endBinding: 'b' }),
  el('inner', 'frame', 20, 200, { width: 200, height: 150, frameId: 'f', text: 'Corner' }),
  el('c', 'card', 30, 220, { frameId: 'inner', entity_type: 'note', entity_id: 'n1', text: 'Seeds' }),
  el('free', 'line', 50, 50, { width: 40, height: 30 }),
  el('out', 'rectangle', 900, 0),
  el('toOut', 'arrow', 0, 0, { startBinding: 'b', endBinding: 'out', frameId: 'f' }),
  el('away', 'arrow', 0, 0, { startBinding: 'a', endBinding: 'out' }),
  el('other', 'frame', 1200, 0, { text: 'Other' }),
  el('o1', 'diamond', 1210, 10, { frameId: 'other' }),
]);

function ids() {
  let n = 0;
  return () => `new-${++n}`;
}

describe('copyGroup (Insert copy from the library)', () => {
  it('a group is the frame, its members at every depth, and connectors with both ends in it', () => {
    expect(groupOf(SCENE, 'f').map((e) => e.id)).toEqual([
      'f',
      'a',
      'b',
      'ab',
      'inner',
      'c',
      'free',
      'toOut',
    ]);
    expect(groupOf(SCENE, 'other').map((e) => e.id)).toEqual(['other', 'o1']);
    expect(groupOf(SCENE, 'a')).toEqual([]);
    expect(groupOf(SCENE, 'missing')).toEqual([]);
  });

  it('gives every element a new id, re-binds arrows and keeps membership, moved by the offset', () => {
    const copies = copyGroup(SCENE, 'f', ids(), 1000, 500);
    const idOf = new Map(groupOf(SCENE, 'f').map((e, i) => [e.id, copies[i]!.id]));
    expect([...idOf.values()]).toEqual(copies.map((_, i) => `new-${i + 1}`));
    const copy = (id: string) => copies.find((c) => c.id === idOf.get(id))!;
    expect(copy('ab')).toMatchObject({ startBinding: idOf.get('a'), endBinding: idOf.get('b') });
    expect(copy('a').frameId).toBe(idOf.get('f'));
    expect(copy('inner').frameId).toBe(idOf.get('f'));
    expect(copy('c').frameId).toBe(idOf.get('inner'));
    expect(copy('f')).toMatchObject({ x: 1000, y: 500 });
    expect(copy('b')).toMatchObject({ x: 1300, y: 700 });
    // The copy and the scene together are a valid scene (ids unique, every binding resolves).
    expect(checkScene([...SCENE, ...copies])).toBeNull();
  });

  it('changes nothing else of an element, and leaves the scene as it was', () => {
    const before = structuredClone(SCENE);
    const copies = copyGroup(SCENE, 'f', ids(), 40, -20);
    expect(SCENE).toEqual(before);
    const rest = ({ id, x, y, frameId, startBinding, endBinding, ...r }: CanvasElement) => r;
    const group = groupOf(SCENE, 'f');
    for (const [i, original] of group.entries()) {
      const c = copies[i]!;
      expect(Object.keys(c).sort()).toEqual(Object.keys(original).sort());
      // toOut's end bound outside is freed (next test): its box is redrawn.
      if (original.id === 'toOut') continue;
      expect(rest(c)).toEqual(rest(original));
      expect([c.x, c.y]).toEqual([original.x + 40, original.y - 20]);
    }
  });

  it('frees an end bound outside the group where it was drawn, shifted with the copy', () => {
    const copies = copyGroup(SCENE, 'f', ids(), 10, 10);
    const group = groupOf(SCENE, 'f');
    const c = copies[group.findIndex((e) => e.id === 'toOut')]!;
    expect(c.startBinding).toBe(copies[group.findIndex((e) => e.id === 'b')]!.id);
    expect(c.endBinding).toBeNull();
    // The free end sits on the left edge of "out" (x 900), facing b's centre, moved by 10.
    expect(c.x + c.width).toBeCloseTo(910);
  });

  it('a frame that names no frame copies nothing', () => {
    expect(copyGroup(SCENE, 'a', ids(), 0, 0)).toEqual([]);
  });
});
