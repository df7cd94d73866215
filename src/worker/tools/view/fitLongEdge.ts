/** Spec 8: a picture handed to an agent has a long edge of at most 1568 px. */
export const MAX_LONG_EDGE = 1568;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a picture of `source` size is drawn at: scaled down, never up, so its long edge is at
 * most `maxEdge`, keeping the aspect ratio; each side at least 1 px (a 1×5000 strip stays drawable).
 */
export function fitLongEdge(source: Size, maxEdge = MAX_LONG_EDGE): Size {
  const longEdge = Math.max(source.width, source.height);
  const scale = longEdge > maxEdge ? maxEdge / longEdge : 1;
  return {
    width: Math.max(1, Math.min(maxEdge, Math.round(source.width * scale))),
    height: Math.max(1, Math.min(maxEdge, Math.round(source.height * scale))),
  };
}

/**
 * The scale at which a PDF page of `points` size (1/72 inch) is rendered: its long edge becomes
 * exactly `maxEdge` px, so a page is as legible as the limit allows (a page is text, not a photo:
 * small pages are scaled up too).
 */
export function pdfScale(points: Size, maxEdge = MAX_LONG_EDGE): number {
  const longEdge = Math.max(points.width, points.height);
  return longEdge > 0 ? maxEdge / longEdge : 1;
}
