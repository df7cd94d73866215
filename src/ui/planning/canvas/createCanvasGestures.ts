import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import type { Connector, Tool } from './CanvasToolbar';
import type { createCanvasScene } from './createCanvasScene';
import type { createViewport, Point } from './createViewport';
import { pinchStep } from './pinch';
import { CONNECTORS, DEFAULT_STROKE, moveElements, type ShapeTool, shapeFromDrag } from './sceneEdits';

type Gesture =
  | { kind: 'pan'; last: Point }
  | { kind: 'create'; tool: ShapeTool; from: Point; id: string; before: CanvasElement[] }
  | { kind: 'arrow'; type: Connector; from: string | null; start: Point; id: string; before: CanvasElement[] }
  | { kind: 'pinch' }
  | { kind: 'move'; ids: Set<string>; last: Point; before: CanvasElement[]; moved: boolean }
  | { kind: 'resize'; id: string; before: CanvasElement[] };

/**
 * The canvas surface's pointer gestures: pan (drag the background), two-finger pinch, select and
 * move, resize, draw a shape or a frame, draw a line or an arrow bound to the shapes it starts and
 * ends on. Pointer events serve mouse, pen and touch alike. A gesture previews its edit on the
 * scene while it runs and commits it (one undo step) when it ends; a cancelled one is undone.
 */
export function createCanvasGestures(c: {
  svg: () => SVGSVGElement;
  scene: ReturnType<typeof createCanvasScene>;
  viewport: ReturnType<typeof createViewport>;
  tool: () => Tool;
  setTool: (t: Tool) => void;
  setSelected: (id: string | null) => void;
  find: (id: string) => CanvasElement | undefined;
  newId: () => string;
}) {
  const { scene, viewport } = c;
  let gesture: Gesture | null = null;
  /** Touch points down on the surface (screen coordinates): two make a pinch. */
  const touches = new Map<number, Point>();

  const screenOf = (e: PointerEvent | WheelEvent): Point => {
    const r = c.svg().getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const worldOf = (e: PointerEvent) => viewport.toWorld(screenOf(e));
  /** The topmost shape under the pointer, looking through connectors (the arrow being drawn). */
  const shapeAt = (e: MouseEvent) => {
    for (const node of document.elementsFromPoint(e.clientX, e.clientY)) {
      const id = node.closest('[data-element-id]')?.getAttribute('data-element-id');
      const el = id ? c.find(id) : undefined;
      if (el && !CONNECTORS.has(el.type)) return el;
    }
    return undefined;
  };
  const connector = (g: Extract<Gesture, { kind: 'arrow' }>, p: Point, to: string | null): CanvasElement => ({
    id: g.id,
    type: g.type,
    x: g.start.x,
    y: g.start.y,
    width: p.x - g.start.x,
    height: p.y - g.start.y,
    strokeColor: DEFAULT_STROKE,
    startBinding: g.from,
    endBinding: to,
  });

  /** A second finger turns whatever the first one started into a pinch (its preview is undone). */
  function beginPinch() {
    const g = gesture;
    if (g && g.kind !== 'pan' && g.kind !== 'pinch') scene.preview(g.before);
    gesture = { kind: 'pinch' };
  }

  function begin(e: PointerEvent, on: CanvasElement | null) {
    if (e.button !== 0) return;
    e.preventDefault();
    c.svg().setPointerCapture(e.pointerId);
    if (e.pointerType === 'touch') {
      touches.set(e.pointerId, screenOf(e));
      if (touches.size === 2) return beginPinch();
      if (touches.size > 2) return;
    }
    const t = c.tool();
    const before = scene.elements();
    if (t === 'arrow' || t === 'line') {
      gesture = {
        kind: 'arrow',
        type: t,
        // Lines are free strokes; arrows bind to the shapes they start and end on.
        from: t === 'arrow' && on && !CONNECTORS.has(on.type) ? on.id : null,
        start: worldOf(e),
        id: c.newId(),
        before,
      };
    } else if (t !== 'select') {
      gesture = { kind: 'create', tool: t, from: worldOf(e), id: c.newId(), before };
    } else if (on) {
      c.setSelected(on.id);
      gesture = { kind: 'move', ids: new Set([on.id]), last: worldOf(e), before, moved: false };
    } else {
      c.setSelected(null);
      gesture = { kind: 'pan', last: screenOf(e) };
    }
  }

  function drag(e: PointerEvent) {
    const g = gesture;
    const was = touches.get(e.pointerId);
    if (was !== undefined) {
      const now = screenOf(e);
      const other = [...touches].find(([id]) => id !== e.pointerId)?.[1];
      touches.set(e.pointerId, now);
      if (g?.kind === 'pinch' && other !== undefined) {
        const step = pinchStep([was, other], [now, other]);
        viewport.zoomAt(step.factor, step.at);
        viewport.panBy(step.dx, step.dy);
        return;
      }
    }
    if (!g || g.kind === 'pinch') return;
    const p = worldOf(e);
    if (g.kind === 'pan') {
      const s = screenOf(e);
      viewport.panBy(s.x - g.last.x, s.y - g.last.y);
      g.last = s;
    } else if (g.kind === 'move') {
      scene.preview(moveElements(scene.elements(), g.ids, p.x - g.last.x, p.y - g.last.y));
      g.last = p;
      g.moved = true;
    } else if (g.kind === 'resize') {
      scene.preview(
        scene.elements().map((el) =>
          el.id === g.id
            ? {
                ...el,
                width: Math.max(20, Math.round(p.x - el.x)),
                height: Math.max(20, Math.round(p.y - el.y)),
              }
            : el,
        ),
      );
    } else if (g.kind === 'create') {
      scene.preview([...g.before, shapeFromDrag(g.tool, g.id, g.from, p)]);
    } else {
      scene.preview([...g.before, connector(g, p, null)]);
    }
  }

  function end(e: PointerEvent) {
    if (touches.delete(e.pointerId) && gesture?.kind === 'pinch') {
      // The pinch ends with its first finger lifted; the other one starts nothing.
      if (touches.size === 0) gesture = null;
      return;
    }
    const g = gesture;
    gesture = null;
    if (!g || g.kind === 'pan' || g.kind === 'pinch') return;
    if (g.kind === 'move' && !g.moved) return;
    if (g.kind === 'create') {
      const shape = shapeFromDrag(g.tool, g.id, g.from, worldOf(e));
      const frame = scene.elements().find((f) => f.type === 'frame' && f.id !== g.id && inside(shape, f));
      void scene.commit(
        [...g.before, frame && g.tool !== 'frame' ? { ...shape, frameId: frame.id } : shape],
        g.before,
      );
      c.setSelected(g.id);
      c.setTool('select');
      return;
    }
    if (g.kind === 'arrow') {
      const target = g.type === 'arrow' ? shapeAt(e) : undefined;
      const to = target && target.id !== g.from ? target.id : null;
      void scene.commit([...g.before, connector(g, worldOf(e), to)], g.before);
      c.setSelected(g.id);
      c.setTool('select');
      return;
    }
    void scene.commit(scene.elements(), g.before);
  }

  /** The pointer was taken away (a system gesture, a lost capture): what it previewed is undone. */
  function cancel(e: PointerEvent) {
    touches.delete(e.pointerId);
    const g = gesture;
    if (g && g.kind !== 'pan' && g.kind !== 'pinch') scene.preview(g.before);
    gesture = null;
  }

  /** A resize handle pressed: the element follows the pointer's corner until it is released. */
  function resizeFrom(e: PointerEvent, on: CanvasElement) {
    c.svg().setPointerCapture(e.pointerId);
    gesture = { kind: 'resize', id: on.id, before: scene.elements() };
  }

  return { begin, drag, end, cancel, resizeFrom, screenOf, shapeAt };
}

function inside(a: CanvasElement, frame: CanvasElement): boolean {
  return (
    a.x >= frame.x &&
    a.y >= frame.y &&
    a.x + a.width <= frame.x + frame.width &&
    a.y + a.height <= frame.y + frame.height
  );
}
