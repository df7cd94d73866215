/**
 * Spec 4.1: PNG, or JPEG when large. "Large" is a PNG over this many bytes: past it a photo or a
 * scanned page costs an agent's context far more as PNG than as JPEG, while screenshots and text
 * pages (the usual PNG content) stay well below it and keep their crisp edges.
 */
export const PNG_LIMIT_BYTES = 1024 * 1024;

/** JPEG quality for the large case: text stays readable, a 1568 px photo lands near 300-500 KB. */
export const JPEG_QUALITY = 0.85;

export type RenderedMime = 'image/png' | 'image/jpeg';

export function chooseFormat(pngBytes: number): RenderedMime {
  return pngBytes > PNG_LIMIT_BYTES ? 'image/jpeg' : 'image/png';
}
