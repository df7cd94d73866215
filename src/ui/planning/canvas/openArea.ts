export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The part of the canvas surface a person sees, in screen coordinates: the surface clipped by
 * what scrolls or frames it (`clips`: the scrolling section, the window), less the strips that
 * floating boxes cover along its top or bottom edge (`overlays`: the selection inspector, a
 * phone's panel sheet). An overlay narrower than half the surface is left alone (it hides a
 * corner, not a strip). Null when nothing of the surface shows. Pure.
 */
export function openArea(surface: Rect, clips: readonly Rect[], overlays: readonly Rect[]): Rect | null {
  // Copied field by field: a DOMRect's sides are getters, which a spread does not copy.
  const r = { left: surface.left, top: surface.top, right: surface.right, bottom: surface.bottom };
  for (const c of clips) {
    r.left = Math.max(r.left, c.left);
    r.top = Math.max(r.top, c.top);
    r.right = Math.min(r.right, c.right);
    r.bottom = Math.min(r.bottom, c.bottom);
  }
  for (const o of overlays) {
    const across = Math.min(r.right, o.right) - Math.max(r.left, o.left);
    if (across < (r.right - r.left) / 2 || o.bottom <= r.top || o.top >= r.bottom) continue;
    // The overlay's nearer edge decides which strip it takes.
    if (o.top - r.top < r.bottom - o.bottom) r.top = Math.max(r.top, o.bottom);
    else r.bottom = Math.min(r.bottom, o.top);
  }
  return r.right > r.left && r.bottom > r.top ? r : null;
}
