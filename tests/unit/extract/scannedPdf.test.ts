import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts, type ScannedPageReader } from '../../../src/worker/extract/pdfPageTexts';
import { SCANNED_TEXT, SCANNED_TEXT_PAGE } from '../../fixtures/extraction/makeFixtures';

// scanned.pdf: page 1 is a JPEG of printed words with no text layer, page 2 a typed page. The
// browser renders on an OffscreenCanvas (browser/scannedPages.ts); here @napi-rs/canvas stands
// in for it, and tesseract.js reads with the same packaged English data the app serves.
const scanned = new Uint8Array(
  readFileSync(join(import.meta.dirname, '../../fixtures/extraction/scanned.pdf')),
);

let ocr: Worker;
beforeAll(async () => {
  ocr = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: join(import.meta.dirname, '../../../node_modules/@tesseract.js-data/eng/4.0.0_best_int'),
    cacheMethod: 'none',
    errorHandler: () => {},
  });
}, 60_000);
afterAll(async () => {
  await ocr?.terminate();
});

function nodeReader(maxPages: number, log: number[] = []): ScannedPageReader {
  return {
    maxPages,
    async read(page: PDFPageProxy) {
      log.push(page.pageNumber);
      const viewport = page.getViewport({ scale: 2 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' })
        .promise;
      const { data } = await ocr.recognize(canvas.toBuffer('image/png'));
      return data.text;
    },
  };
}

describe('scanned PDF pages (no text layer)', () => {
  it('are empty without an OCR reader, and listed as unread', async () => {
    const read = await pdfPageTexts(getDocument, scanned);
    expect(read.pages).toEqual(['', SCANNED_TEXT_PAGE.join('\n')]);
    expect(read.unreadPages).toEqual([1]);
    expect(read.ocrPages).toEqual([]);
  });

  it('are rendered and read by OCR; typed pages are not', async () => {
    const log: number[] = [];
    const progress: number[] = [];
    const read = await pdfPageTexts(getDocument, scanned, {
      scanned: nodeReader(5, log),
      onProgress: (p) => progress.push(p.page),
    });
    expect(log).toEqual([1]);
    expect(read.ocrPages).toEqual([1]);
    expect(read.unreadPages).toEqual([]);
    expect(read.pages[0]?.replace(/\s+/g, ' ')).toBe(SCANNED_TEXT.join(' '));
    expect(read.pages[1]).toBe(SCANNED_TEXT_PAGE.join('\n'));
    expect(progress).toEqual([1, 2]);
  }, 60_000);

  it('reads at most the cap of scanned pages per file', async () => {
    const read = await pdfPageTexts(getDocument, scanned, { scanned: nodeReader(0) });
    expect(read.ocrPages).toEqual([]);
    expect(read.unreadPages).toEqual([1]);
    expect(read.pages[0]).toBe('');
  });
});
