import { connectorEnds } from '../../../worker/domain/canvas/arrowGeometry';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';

export type ShapeTool = 'rectangle' | 'ellipse' | 'diamond' | 'text' | 'frame';
export const CONNECTORS = new Set(['arrow', 'line']);
export const DEFAULT_STROKE = '#1d2321';

const DEFAULT_SIZE: Record<ShapeTool, [number, number]> = {
  rectangle: [140, 90],
  ellipse: [140, 90],
  diamond: [140, 100],
  text: [160, 40],
  frame: [360, 240],
};

/** A shape from a drag box (a click gives the default size), normalized to positive size. */
export function shapeFromDrag(
  tool: ShapeTool,
  id: string,
  a: { x: number; y: number },
  b: { x: number; y: number },
): CanvasElement {
  let w = Math.abs(b.x - a.x);
  let h = Math.abs(b.y - a.y);
  let x = Math.min(a.x, b.x);
  let y = Math.min(a.y, b.y);
  if (w < 12 && h < 12) [w, h, x, y] = [...DEFAULT_SIZE[tool], a.x, a.y];
  return {
    id,
    type: tool,
    x: Math.round(x),
    y: Math.round(y),
    width: Math.max(20, Math.round(w)),
    height: Math.max(20, Math.round(h)),
    strokeColor: DEFAULT_STROKE,
    fillColor: tool === 'frame' || tool === 'text' ? 'transparent' : '#e4efe9',
    ...(tool === 'text' ? { text: 'Text' } : {}),
    ...(tool === 'frame' ? { text: 'Frame' } : {}),
  };
}

/** Moves the elements in `ids` by (dx, dy); members of a moved frame move with it. */
export function moveElements(
  scene: readonly CanvasElement[],
  ids: ReadonlySet<string>,
  dx: number,
  dy: number,
): CanvasElement[] {
  return scene.map((e) =>
    ids.has(e.id) || (e.frameId != null && ids.has(e.frameId))
      ? { ...e, x: Math.round(e.x + dx), y: Math.round(e.y + dy) }
      : e,
  );
}

/**
 * Removes an element. Connectors bound to it keep their other end and get a free end where the
 * removed element's edge was, so no binding ever names a missing element; frame members leave it.
 */
export function removeElement(scene: readonly CanvasElement[], id: string): CanvasElement[] {
  const find = (x: string) => scene.find((e) => e.id === x);
  return scene
    .filter((e) => e.id !== id)
    .map((e) => {
      if (e.frameId === id) return { ...e, frameId: null };
      if (!CONNECTORS.has(e.type) || (e.startBinding !== id && e.endBinding !== id)) return e;
      const [a, b] = connectorEnds(e, find);
      return {
        ...e,
        x: a.x,
        y: a.y,
        width: b.x - a.x,
        height: b.y - a.y,
        startBinding: e.startBinding === id ? null : e.startBinding,
        endBinding: e.endBinding === id ? null : e.endBinding,
      };
    });
}

/** Accessible names: "Rectangle 2", "Ellipse 1: Idea", "Arrow from Rectangle 1 to Ellipse 1". */
export function elementLabels(scene: readonly CanvasElement[]): Map<string, string> {
  const counts = new Map<string, number>();
  const names = new Map<string, string>();
  for (const e of scene) {
    const n = (counts.get(e.type) ?? 0) + 1;
    counts.set(e.type, n);
    names.set(e.id, `${e.type[0]!.toUpperCase()}${e.type.slice(1)} ${n}`);
  }
  const labels = new Map<string, string>();
  for (const e of scene) {
    const base = names.get(e.id)!;
    if (CONNECTORS.has(e.type)) {
      const from = e.startBinding ? ` from ${names.get(e.startBinding) ?? 'nothing'}` : '';
      const to = e.endBinding ? ` to ${names.get(e.endBinding) ?? 'nothing'}` : '';
      labels.set(e.id, `${base.replace(/ \d+$/, '')}${from}${to}` || base);
    } else labels.set(e.id, e.text ? `${base}: ${e.text}` : base);
  }
  return labels;
}
