/// <reference lib="webworker" />
import type { PDFPageProxy } from 'pdfjs-dist';
import type { ScannedPageReader } from '../pdfPageTexts';

/**
 * At most this many scanned pages (no text layer) of one PDF are read by OCR: about 1 to 3 s a
 * page on a laptop, so a 300-page scanned book does not hold the queue for a quarter of an
 * hour. Later pages stay empty and are listed as unread (docs/extraction.md, "Scanned PDFs").
 */
export const OCR_MAX_PAGES = 20;
/** Rendering scale (2 = 144 dpi): large enough for body text, bounded by MAX_EDGE. */
const SCALE = 2;
const MAX_EDGE = 2400;

/**
 * Scanned pages rendered by pdf.js on an OffscreenCanvas in the vault worker (its canvas
 * factory is the OffscreenCanvas one, see browserExtractors.ts), encoded as PNG and read by the
 * OCR reader (tesseract.js in its own worker). One page's pixels are in memory at a time.
 */
export function createScannedPageReader(readImage: (png: Blob) => Promise<string>): ScannedPageReader {
  return {
    maxPages: OCR_MAX_PAGES,
    async read(page: PDFPageProxy): Promise<string> {
      const points = page.getViewport({ scale: 1 });
      const scale = Math.min(SCALE, MAX_EDGE / Math.max(points.width, points.height, 1));
      const viewport = page.getViewport({ scale });
      const canvas = new OffscreenCanvas(
        Math.max(1, Math.ceil(viewport.width)),
        Math.max(1, Math.ceil(viewport.height)),
      );
      try {
        // pdf.js types `canvas` as an HTML canvas; an OffscreenCanvas has every member it uses.
        await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' })
          .promise;
        return await readImage(await canvas.convertToBlob({ type: 'image/png' }));
      } finally {
        canvas.width = 0;
        canvas.height = 0;
      }
    },
  };
}
