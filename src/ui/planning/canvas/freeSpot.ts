interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The room left between a new card and what is already there (world units). */
const GAP = 16;
/** Elements in view that shape the candidate places; past this many the rest only block. */
const SHAPING = 100;

const near = (a: Box, b: Box, gap: number) =>
  a.x < b.x + b.width + gap &&
  b.x < a.x + a.width + gap &&
  a.y < b.y + b.height + gap &&
  b.y < a.y + a.height + gap;

/**
 * Where a new `size` box goes (its centre, world units): the centre of `view` (the visible world
 * rectangle) when nothing is there, else the free place in view nearest to that centre, so cards
 * added one after another sit side by side in view instead of on top of each other (issue 19
 * part 6). Places tried: a grid of card-sized steps around the centre, and the places just beside
 * each element in view (so a shape off the grid does not hide the room next to it). When nothing
 * in view is free, the centre: the card is at least in view. Pure.
 */
export function freeSpot(
  elements: readonly Box[],
  view: Box,
  size: { width: number; height: number },
): { x: number; y: number } {
  const cx = view.x + view.width / 2;
  const cy = view.y + view.height / 2;
  const w = size.width / 2;
  const h = size.height / 2;
  const inView = (x: number, y: number) =>
    x - w >= view.x && y - h >= view.y && x + w <= view.x + view.width && y + h <= view.y + view.height;
  const blocking = elements.filter((e) => near(e, view, GAP));
  const free = (x: number, y: number) => {
    const b = { x: x - w, y: y - h, ...size };
    return !blocking.some((e) => near(b, e, GAP));
  };
  const xs = new Set([cx]);
  const ys = new Set([cy]);
  const stepX = size.width + GAP;
  const stepY = size.height + GAP;
  for (let k = 1; k * stepX <= view.width / 2; k++) xs.add(cx - k * stepX).add(cx + k * stepX);
  for (let k = 1; k * stepY <= view.height / 2; k++) ys.add(cy - k * stepY).add(cy + k * stepY);
  const dist = (e: Box) => Math.hypot(e.x + e.width / 2 - cx, e.y + e.height / 2 - cy);
  for (const e of [...blocking].sort((a, b) => dist(a) - dist(b)).slice(0, SHAPING)) {
    xs.add(e.x - GAP - w).add(e.x + e.width + GAP + w);
    ys.add(e.y - GAP - h).add(e.y + e.height + GAP + h);
  }
  const places: { x: number; y: number; d: number }[] = [];
  for (const x of xs)
    for (const y of ys) if (inView(x, y)) places.push({ x, y, d: Math.hypot(x - cx, y - cy) });
  // Nearest first; a tie goes to the upper, then the left one, so the order is the same every time.
  places.sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
  const spot = places.find((p) => free(p.x, p.y));
  return spot ? { x: spot.x, y: spot.y } : { x: cx, y: cy };
}
