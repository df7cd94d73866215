/// <reference lib="webworker" />
import type { RenderOutcome } from '../../tools/view/fileRenderer';
import { fitLongEdge } from '../../tools/view/fitLongEdge';
import { encodeCanvas } from './encodeCanvas';

/**
 * Decodes a filed image (PNG, JPEG, GIF's first frame, WebP, AVIF, BMP, ICO) and draws it scaled
 * to the long-edge limit. SVG cannot be decoded in a worker (createImageBitmap has no DOM to lay it
 * out), so it is reported unreadable with that reason rather than rendered on the UI thread.
 */
export async function renderImage(blob: Blob, maxEdge: number): Promise<RenderOutcome> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    const svg = blob.type === 'image/svg+xml';
    return {
      ok: false,
      reason: 'unreadable',
      message: svg
        ? 'SVG images cannot be rasterised off the UI thread; read the SVG source instead'
        : `The image could not be decoded (${blob.type || 'unknown type'}, ${blob.size} bytes)`,
    };
  }
  try {
    const source = { width: bitmap.width, height: bitmap.height };
    const size = fitLongEdge(source, maxEdge);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2D context for an OffscreenCanvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const encoded = await encodeCanvas(canvas);
    return {
      ok: true,
      picture: { ...encoded, ...size, sourceWidth: source.width, sourceHeight: source.height },
    };
  } finally {
    bitmap.close();
  }
}
