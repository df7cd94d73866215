import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../../../src/ui/planning/canvas/CanvasToolbar';
import { createCanvasGestures } from '../../../../src/ui/planning/canvas/createCanvasGestures';
import type { createCanvasScene } from '../../../../src/ui/planning/canvas/createCanvasScene';
import { createViewport } from '../../../../src/ui/planning/canvas/createViewport';
import type { CanvasElement } from '../../../../src/worker/domain/canvas/canvasElement';

vi.mock('solid-js', () => vi.importActual('solid-js/dist/solid.js'));

/** The surface at the page's top-left corner; a scene that records previews and commits. */
function harness(initial: CanvasElement[] = [], tool: Tool = 'select') {
  return createRoot(() => {
    const [elements, setElements] = createSignal(initial);
    const commits: { next: CanvasElement[]; before: CanvasElement[] }[] = [];
    const scene = {
      elements,
      preview: setElements,
      commit: async (next: CanvasElement[], before: CanvasElement[] = elements()) => {
        commits.push({ next, before });
        setElements(next);
      },
    } as unknown as ReturnType<typeof createCanvasScene>;
    const svg = {
      getBoundingClientRect: () => ({ left: 0, top: 0 }),
      setPointerCapture: () => {},
    } as unknown as SVGSVGElement;
    const [t, setTool] = createSignal<Tool>(tool);
    const [selected, setSelected] = createSignal<string | null>(null);
    const viewport = createViewport();
    let n = 0;
    const g = createCanvasGestures({
      svg: () => svg,
      scene,
      viewport,
      tool: t,
      setTool,
      setSelected,
      find: (id) => elements().find((e) => e.id === id),
      newId: () => `new-${++n}`,
    });
    return { g, elements, commits, viewport, tool: t, selected };
  });
}

const ptr = (x: number, y: number, extra: Partial<PointerEvent> = {}) =>
  ({
    clientX: x,
    clientY: y,
    button: 0,
    pointerId: 1,
    pointerType: 'mouse',
    preventDefault() {},
    ...extra,
  }) as PointerEvent;

const rect = (id: string, x: number, y: number, w: number, h: number, type = 'rectangle'): CanvasElement =>
  ({ id, type, x, y, width: w, height: h }) as CanvasElement;

describe('canvas gestures', () => {
  it('a rectangle drawn inside a frame joins it, as one undo step, and the tool goes back to select', () => {
    const h = harness([rect('f', 0, 0, 400, 300, 'frame')], 'rectangle');
    h.g.begin(ptr(50, 50), null);
    h.g.drag(ptr(120, 100));
    expect(h.elements()).toHaveLength(2);
    h.g.end(ptr(150, 130));
    expect(h.commits).toHaveLength(1);
    const made = h.commits[0]!.next.find((e) => e.id === 'new-1');
    expect(made).toMatchObject({ type: 'rectangle', x: 50, y: 50, width: 100, height: 80, frameId: 'f' });
    expect(h.commits[0]!.before.map((e) => e.id)).toEqual(['f']);
    expect(h.tool()).toBe('select');
    expect(h.selected()).toBe('new-1');
  });

  it('a resize follows the pointer, never below 20 px, and commits once', () => {
    const h = harness([rect('a', 10, 10, 100, 100)]);
    h.g.resizeFrom(ptr(110, 110), h.elements()[0]!);
    h.g.drag(ptr(200, 15));
    expect(h.elements()[0]).toMatchObject({ width: 190, height: 20 });
    h.g.end(ptr(200, 15));
    expect(h.commits).toHaveLength(1);
    expect(h.commits[0]!.before[0]).toMatchObject({ width: 100, height: 100 });
  });

  it('a cancelled move puts the element back and commits nothing', () => {
    const h = harness([rect('a', 10, 10, 50, 50)]);
    h.g.begin(ptr(20, 20), h.elements()[0]!);
    h.g.drag(ptr(70, 90));
    expect(h.elements()[0]).toMatchObject({ x: 60, y: 80 });
    h.g.cancel(ptr(70, 90));
    expect(h.elements()[0]).toMatchObject({ x: 10, y: 10 });
    expect(h.commits).toHaveLength(0);
  });

  it('a second finger turns a move into a pinch: the move is undone and the view zooms', () => {
    const h = harness([rect('a', 10, 10, 50, 50)]);
    const touch = (id: number, x: number, y: number) => ptr(x, y, { pointerId: id, pointerType: 'touch' });
    h.g.begin(touch(1, 20, 20), h.elements()[0]!);
    h.g.drag(touch(1, 40, 40));
    expect(h.elements()[0]).toMatchObject({ x: 30, y: 30 });
    h.g.begin(touch(2, 100, 100), null);
    expect(h.elements()[0]).toMatchObject({ x: 10, y: 10 });
    h.g.drag(touch(2, 160, 160));
    expect(h.viewport.view().zoom).toBeGreaterThan(1);
    h.g.end(touch(1, 40, 40));
    h.g.end(touch(2, 160, 160));
    expect(h.commits).toHaveLength(0);
  });

  it('dragging the background pans the view and selects nothing', () => {
    const h = harness([]);
    h.g.begin(ptr(10, 10), null);
    h.g.drag(ptr(40, 25));
    h.g.end(ptr(40, 25));
    expect(h.viewport.view()).toMatchObject({ x: 30, y: 15, zoom: 1 });
    expect(h.commits).toHaveLength(0);
    expect(h.selected()).toBeNull();
  });
});
