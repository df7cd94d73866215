import { type CanvasElement, MAX_ELEMENTS } from '../../../worker/domain/canvas/canvasElement';
import { copyGroup, groupOf } from '../../../worker/domain/canvas/copyGroup';
import type { Point } from './createViewport';

/** Space between a group and its copy placed beside it. */
const GAP = 40;

export type Placed =
  | { ok: true; scene: CanvasElement[]; frameId: string }
  | { ok: false; code: 'NOT_FOUND' | 'VALIDATION'; message: string };

/**
 * The scene with a copy of a library group appended (the editor commits it as one step) and the
 * copied frame's id. A group of this canvas is copied beside its original (to the right), so the
 * two never sit on top of each other; one from another canvas lands centred on `center` (the
 * middle of the view). Refused, with nothing built, when the frame is gone from `source` or the
 * scene would pass the element limit.
 */
export function placeGroupCopy(o: {
  scene: readonly CanvasElement[];
  source: readonly CanvasElement[];
  frameId: string;
  sameCanvas: boolean;
  center: Point;
  newId: () => string;
}): Placed {
  const group = groupOf(o.source, o.frameId);
  const frame = group.find((e) => e.id === o.frameId);
  if (!frame) return { ok: false, code: 'NOT_FOUND', message: 'That frame is no longer on its canvas.' };
  if (o.scene.length + group.length > MAX_ELEMENTS)
    return {
      ok: false,
      code: 'VALIDATION',
      message: `A canvas holds at most ${MAX_ELEMENTS} elements: this one has ${o.scene.length}, the copy adds ${group.length}.`,
    };
  const at = o.sameCanvas
    ? { x: frame.x + frame.width + GAP, y: frame.y }
    : { x: o.center.x - frame.width / 2, y: o.center.y - frame.height / 2 };
  const copies = copyGroup(o.source, o.frameId, o.newId, at.x - frame.x, at.y - frame.y);
  return { ok: true, scene: [...o.scene, ...copies], frameId: copies[group.indexOf(frame)]!.id };
}
