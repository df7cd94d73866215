import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { NoFilterFactory, OffscreenCanvasFactory } from '../../agent/render/pdfFactories';
import type { Extractors } from '../extractors';
import { pdfPageTexts } from '../pdfPageTexts';
import { createBrowserOcr } from './browserOcr';
import { createScannedPageReader } from './scannedPages';

/**
 * The extractors of the vault worker: pdf.js parses in its own worker (its script from our
 * bundle), tesseract.js reads images, and scanned PDF pages rendered here, in another. Both load on first use, so a vault without
 * PDFs or images never downloads them.
 */
export function createBrowserExtractors(): Extractors {
  let pdfjs: Promise<typeof import('pdfjs-dist')> | null = null;
  const ocr = createBrowserOcr();
  const scanned = createScannedPageReader((png) => ocr.read(png));
  const loadPdfjs = () =>
    (pdfjs ??= import('pdfjs-dist').then((m) => {
      m.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
      return m;
    }));
  return {
    async pdf(data, onProgress) {
      return pdfPageTexts((await loadPdfjs()).getDocument, data, {
        scanned,
        ...(onProgress ? { onProgress } : {}),
        // No document in a worker: pdf.js draws scanned pages on OffscreenCanvases (the same
        // factories as the agent's render worker) and skips the SVG filters it would add to a DOM.
        documentOptions: { CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilterFactory },
      });
    },
    image: (blob) => ocr.read(blob),
    idle: () => ocr.release(),
  };
}
