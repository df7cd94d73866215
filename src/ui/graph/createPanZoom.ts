import { createSignal } from 'solid-js';
import { type Point, panBy, pinch, type Viewport, zoomAt } from './viewport';

/** Pointer travel (px) past which a press is a drag, not a click on a node. */
const DRAG_SLOP = 4;

/**
 * Pan and zoom of an SVG by mouse (drag, wheel), touch (one finger pans, two pinch) and buttons.
 * The pointer is captured only once a press becomes a drag, so a plain click still reaches the
 * node under it; the click that ends a drag is swallowed. `touched` turns true at the first user
 * move, after which the view no longer re-fits itself while the layout settles.
 */
/** Keeps a drag going outside the drawing; a pointer already lifted cannot be captured, and need not be. */
function capture(el: Element, pointerId: number) {
  try {
    el.setPointerCapture(pointerId);
  } catch {}
}

export function createPanZoom() {
  const [view, setView] = createSignal<Viewport>({ x: 0, y: 0, k: 1 });
  const [touched, setTouched] = createSignal(false);
  const pointers = new Map<number, Point>();
  let start: { view: Viewport; points: Map<number, Point> } | null = null;
  let dragging = false;
  let swallowClick = false;

  const local = (svg: SVGSVGElement, e: { clientX: number; clientY: number }): Point => {
    const r = svg.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const restart = () => {
    start = { view: view(), points: new Map(pointers) };
  };
  const move = (v: Viewport) => {
    setTouched(true);
    setView(v);
  };

  return {
    view,
    touched,
    /** Sets the view without counting as a user move (fit to the graph). */
    fitTo: (v: Viewport) => setView(v),
    zoomBy(factor: number, width: number, height: number) {
      move(zoomAt(view(), factor, width / 2, height / 2));
    },
    onPointerDown(e: PointerEvent & { currentTarget: SVGSVGElement }) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      if (pointers.size === 0) swallowClick = false;
      pointers.set(e.pointerId, local(e.currentTarget, e));
      dragging = pointers.size > 1 ? true : dragging;
      restart();
      if (pointers.size > 1) capture(e.currentTarget, e.pointerId);
    },
    onPointerMove(e: PointerEvent & { currentTarget: SVGSVGElement }) {
      if (!pointers.has(e.pointerId) || !start) return;
      pointers.set(e.pointerId, local(e.currentTarget, e));
      const [a, b] = [...pointers.entries()];
      if (pointers.size >= 2 && a && b) {
        const a0 = start.points.get(a[0]) ?? a[1];
        const b0 = start.points.get(b[0]) ?? b[1];
        return move(pinch(start.view, a0, b0, a[1], b[1]));
      }
      if (!a) return;
      const p0 = start.points.get(a[0]) ?? a[1];
      const dx = a[1].x - p0.x;
      const dy = a[1].y - p0.y;
      if (!dragging && Math.hypot(dx, dy) < DRAG_SLOP) return;
      if (!dragging) capture(e.currentTarget, e.pointerId);
      dragging = true;
      move(panBy(start.view, dx, dy));
    },
    onPointerUp(e: PointerEvent) {
      if (!pointers.delete(e.pointerId)) return;
      if (pointers.size === 0) {
        swallowClick = dragging;
        dragging = false;
        start = null;
      } else restart();
    },
    onWheel(e: WheelEvent & { currentTarget: SVGSVGElement }) {
      e.preventDefault();
      const p = local(e.currentTarget, e);
      // Trackpad pinch arrives as a wheel with ctrlKey and small deltas: the same curve serves both.
      move(zoomAt(view(), Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.002)), p.x, p.y));
    },
    /** In the capture phase: a click ending a drag must not open the node it ended on. */
    onClickCapture(e: MouseEvent) {
      if (!swallowClick) return;
      swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}

export type PanZoom = ReturnType<typeof createPanZoom>;
