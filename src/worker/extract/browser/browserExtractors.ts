import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { Extractors } from '../extractors';
import { pdfPageTexts } from '../pdfPageTexts';
import { createBrowserOcr } from './browserOcr';

/**
 * The extractors of the vault worker: pdf.js parses in its own worker (its script from our
 * bundle), tesseract.js reads images in another. Both load on first use, so a vault without
 * PDFs or images never downloads them.
 */
export function createBrowserExtractors(): Extractors {
  let pdfjs: Promise<typeof import('pdfjs-dist')> | null = null;
  const ocr = createBrowserOcr();
  const loadPdfjs = () =>
    (pdfjs ??= import('pdfjs-dist').then((m) => {
      m.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
      return m;
    }));
  return {
    async pdf(data) {
      return pdfPageTexts((await loadPdfjs()).getDocument, data);
    },
    image: (blob) => ocr.read(blob),
    idle: () => ocr.release(),
  };
}
