import { connectorEnds, type Point } from './arrowGeometry';
import type { CanvasElement } from './canvasElement';

const CONNECTORS = new Set(['arrow', 'line']);

const insideBox = (p: Point, f: CanvasElement) =>
  p.x >= f.x && p.y >= f.y && p.x <= f.x + f.width && p.y <= f.y + f.height;

/**
 * The elements a named frame stands for (a library group): the frame, its members (elements
 * whose frameId names it, and members of member frames), and every connector whose two ends are
 * in the group (bound to a group element, or free inside the frame): the editor never gives
 * arrows a frameId, so an arrow drawn between two members belongs by its ends. Scene order.
 */
export function groupOf(scene: readonly CanvasElement[], frameId: string): CanvasElement[] {
  const frame = scene.find((e) => e.id === frameId && e.type === 'frame');
  if (!frame) return [];
  const ids = new Set([frame.id]);
  // Each pass adds at least one member or stops: at most one pass per nesting level.
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of scene)
      if (!ids.has(e.id) && e.frameId != null && ids.has(e.frameId)) {
        ids.add(e.id);
        grew = true;
      }
  }
  const find = (id: string) => scene.find((e) => e.id === id);
  for (const e of scene) {
    if (ids.has(e.id) || !CONNECTORS.has(e.type)) continue;
    const [a, b] = connectorEnds(e, find);
    const endIn = (binding: string | null | undefined, p: Point) =>
      binding != null ? ids.has(binding) : insideBox(p, frame);
    if (endIn(e.startBinding, a) && endIn(e.endBinding, b)) ids.add(e.id);
  }
  return scene.filter((e) => ids.has(e.id));
}

/**
 * A copy of a library group, moved by (dx, dy): every element gets a new id from `newId`, arrows
 * are re-bound to the copies of what they were bound to, frame membership points at the copied
 * frames. A connector end bound to an element outside the group is freed where it was drawn (the
 * copy may land on another canvas, where that element does not exist). Nothing else of an element
 * changes, and `scene` is not modified. Empty when `frameId` names no frame of `scene`.
 */
export function copyGroup(
  scene: readonly CanvasElement[],
  frameId: string,
  newId: () => string,
  dx: number,
  dy: number,
): CanvasElement[] {
  // Whole steps keep the copy's layout exactly the original's.
  const [mx, my] = [Math.round(dx), Math.round(dy)];
  const group = groupOf(scene, frameId);
  const ids = new Map(group.map((e) => [e.id, newId()]));
  const find = (id: string) => scene.find((e) => e.id === id);
  const mapped = (id: string | null | undefined) => (id == null ? id : ids.get(id));
  return group.map((e) => {
    let copy: CanvasElement = { ...e, id: ids.get(e.id)! };
    if (e.frameId != null) copy.frameId = mapped(e.frameId) ?? null;
    if (CONNECTORS.has(e.type)) {
      const outside = (b: string | null | undefined) => b != null && !ids.has(b);
      if (outside(e.startBinding) || outside(e.endBinding)) {
        const [a, b] = connectorEnds(e, find);
        copy = { ...copy, x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
      }
      if (e.startBinding !== undefined) copy.startBinding = mapped(e.startBinding) ?? null;
      if (e.endBinding !== undefined) copy.endBinding = mapped(e.endBinding) ?? null;
    }
    return { ...copy, x: copy.x + mx, y: copy.y + my };
  });
}
