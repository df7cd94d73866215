import { UnreadableFile } from '../extractors';

/** Longest edge handed to OCR: bigger photos are scaled down (memory; text stays readable). */
const MAX_EDGE = 4000;

/**
 * Decodes an image with the browser's own decoders (PNG, JPEG, WebP, GIF, AVIF, BMP, ...) and
 * re-encodes it as PNG, which tesseract's image reader always understands. An image the browser
 * cannot decode is unreadable here, with a reason the user can act on.
 */
export async function imageForOcr(blob: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    throw new UnreadableFile('This image is damaged or in a format this browser cannot open.');
  }
  try {
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height, 1));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context for OCR');
    // Transparent pixels would read as black: put the image on white.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    return await canvas.convertToBlob({ type: 'image/png' });
  } finally {
    bitmap.close();
  }
}
