/// <reference lib="webworker" />
import { chooseFormat, JPEG_QUALITY, type RenderedMime } from '../../tools/view/imageFormat';

/** base64 of bytes, in slices so no argument list grows past the engine's limit. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const SLICE = 0x8000;
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

/** PNG, or JPEG when the PNG is large (imageFormat.ts says where "large" starts and why). */
export async function encodeCanvas(
  canvas: OffscreenCanvas,
): Promise<{ mimeType: RenderedMime; data: string }> {
  let blob = await canvas.convertToBlob({ type: 'image/png' });
  const mimeType = chooseFormat(blob.size);
  if (mimeType === 'image/jpeg') {
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  return { mimeType, data: toBase64(new Uint8Array(await blob.arrayBuffer())) };
}
