interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const GAP = 16;

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width + GAP &&
  b.x < a.x + a.width + GAP &&
  a.y < b.y + b.height + GAP &&
  b.y < a.y + a.height + GAP;

/**
 * Where a new `size` box goes (its centre, world units): the view's centre when nothing is
 * there, else the nearest free place inside the visible world rectangle `view`, tried ring by
 * ring around the centre, so cards added one after another sit side by side in view instead of
 * on top of each other. When the view is full, the centre (the card is at least in view). Pure.
 */
export function freeSpot(
  elements: readonly Box[],
  view: Box,
  size: { width: number; height: number },
): { x: number; y: number } {
  const cx = view.x + view.width / 2;
  const cy = view.y + view.height / 2;
  const at = (x: number, y: number): Box => ({ x: x - size.width / 2, y: y - size.height / 2, ...size });
  const inView = (b: Box) =>
    b.x >= view.x &&
    b.y >= view.y &&
    b.x + b.width <= view.x + view.width &&
    b.y + b.height <= view.y + view.height;
  const free = (b: Box) => !elements.some((e) => overlaps(b, e));
  const stepX = size.width + GAP;
  const stepY = size.height + GAP;
  const rings = Math.ceil(Math.max(view.width / stepX, view.height / stepY));
  for (let r = 0; r <= rings; r++) {
    const candidates: Box[] = [];
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++)
        if (Math.max(Math.abs(dx), Math.abs(dy)) === r) candidates.push(at(cx + dx * stepX, cy + dy * stepY));
    candidates.sort(
      (a, b) => Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy) || a.y - b.y || a.x - b.x,
    );
    const hit = candidates.find((b) => inView(b) && free(b));
    if (hit) return { x: hit.x + size.width / 2, y: hit.y + size.height / 2 };
  }
  return { x: cx, y: cy };
}
