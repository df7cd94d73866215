import { createSignal } from 'solid-js';

export interface Point {
  x: number;
  y: number;
}

const MIN = 0.2;
const MAX = 4;

/** Pan and zoom of the canvas: screen = world * zoom + offset. */
export function createViewport() {
  const [view, setView] = createSignal({ x: 0, y: 0, zoom: 1 });
  return {
    view,
    toWorld(screen: Point): Point {
      const v = view();
      return { x: (screen.x - v.x) / v.zoom, y: (screen.y - v.y) / v.zoom };
    },
    panBy(dx: number, dy: number) {
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    },
    /** Zooms by `factor` keeping the world point under `at` (screen) in place. */
    zoomAt(factor: number, at: Point) {
      setView((v) => {
        const zoom = Math.min(MAX, Math.max(MIN, v.zoom * factor));
        const k = zoom / v.zoom;
        return { zoom, x: at.x - (at.x - v.x) * k, y: at.y - (at.y - v.y) * k };
      });
    },
    /** Pans (zoom kept) so the world point `p` shows at the middle of a surface of `size` (screen). */
    centerOn(p: Point, size: { width: number; height: number }) {
      setView((v) => ({ ...v, x: size.width / 2 - p.x * v.zoom, y: size.height / 2 - p.y * v.zoom }));
    },
    reset: () => setView({ x: 0, y: 0, zoom: 1 }),
  };
}

export type Viewport = ReturnType<typeof createViewport>;
