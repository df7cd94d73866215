import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createWorker, OEM } from 'tesseract.js';
import { pdfPageTexts } from '../../src/worker/extract/pdfPageTexts';
import { makePdf } from '../fixtures/extraction/makeFixtures';
import type { BenchRow } from './types';

/**
 * Text extraction figures, measured in Node 20 (pdf.js's legacy build with its in-process
 * "fake" worker; tesseract.js in a worker thread with the same best_int English data the app
 * ships). The browser runs the modern builds in their own workers; expect the same order of
 * magnitude. The machine is shared: read the medians.
 */
const GROUP = 'extraction';
const FIXTURES = join(import.meta.dirname, '../fixtures/extraction');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** 50 pages of about 2.3 KB of text each (40 lines), like a dense report. */
function densePdf(pages = 50): Uint8Array {
  const line = 'The keeper logs the weather, the tide and each passing ship in the station book.';
  return new Uint8Array(
    makePdf(
      Array.from({ length: pages }, (_, p) =>
        Array.from({ length: 40 }, (_, i) => (i === 0 ? `Page ${p + 1} of the report` : `${i}. ${line}`)),
      ),
    ),
  );
}

export default async function extractionBench(): Promise<BenchRow[]> {
  const pdf = densePdf();
  const pdfRuns: number[] = [];
  let pages = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    pages = (await pdfPageTexts(getDocument, pdf)).pages.length;
    pdfRuns.push(performance.now() - t);
  }

  const startT = performance.now();
  const ocr = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: join(import.meta.dirname, '../../node_modules/@tesseract.js-data/eng/4.0.0_best_int'),
    cacheMethod: 'none',
    errorHandler: () => {},
  });
  const start = performance.now() - startT;
  const image = readFileSync(join(FIXTURES, 'sign.png'));
  const imageRuns: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await ocr.recognize(image);
      imageRuns.push(performance.now() - t);
    }
  } finally {
    await ocr.terminate();
  }

  return [
    {
      group: GROUP,
      name: `PDF text per page (${pages} pages of ~2.3 KB, Node)`,
      value: median(pdfRuns) / pages,
      unit: 'ms',
      note: `whole document median ${median(pdfRuns).toFixed(0)} ms over 5 runs`,
    },
    {
      group: GROUP,
      name: 'image OCR per image (480×200 PNG, 2 words, Node)',
      value: median(imageRuns),
      unit: 'ms',
      note: 'median of 5, OCR worker already started',
    },
    {
      group: GROUP,
      name: 'OCR worker start (wasm core + English best_int data, Node)',
      value: start,
      unit: 'ms',
      note: 'once per queue run; the browser also downloads ~7 MB on first use',
    },
  ];
}
