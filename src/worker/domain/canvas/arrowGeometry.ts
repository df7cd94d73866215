import type { CanvasElement } from './canvasElement';

export interface Point {
  x: number;
  y: number;
}

type Box = Pick<CanvasElement, 'x' | 'y' | 'width' | 'height'>;

const center = (b: Box): Point => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** Where the segment from the box's center toward `toward` leaves the box's bounding rectangle. */
export function edgePoint(b: Box, toward: Point): Point {
  const c = center(b);
  const dx = toward.x - c.x;
  const dy = toward.y - c.y;
  if (dx === 0 && dy === 0) return c;
  const sx = dx === 0 ? Infinity : b.width / 2 / Math.abs(dx);
  const sy = dy === 0 ? Infinity : b.height / 2 / Math.abs(dy);
  const s = Math.min(sx, sy, 1);
  return { x: c.x + dx * s, y: c.y + dy * s };
}

/**
 * The two ends of an arrow or line: a bound end sits on its element's edge, facing the other
 * end, so moving a shape moves the arrow with it; a free end is the arrow's own coordinates.
 */
export function connectorEnds(
  arrow: CanvasElement,
  find: (id: string) => CanvasElement | undefined,
): [Point, Point] {
  const start = arrow.startBinding ? find(arrow.startBinding) : undefined;
  const end = arrow.endBinding ? find(arrow.endBinding) : undefined;
  const freeStart = { x: arrow.x, y: arrow.y };
  const freeEnd = { x: arrow.x + arrow.width, y: arrow.y + arrow.height };
  const a = start ? center(start) : freeStart;
  const b = end ? center(end) : freeEnd;
  return [start ? edgePoint(start, b) : a, end ? edgePoint(end, a) : b];
}
