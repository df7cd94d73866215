import type { Worker as OcrWorker } from 'tesseract.js';
import { ExtractorUnavailable, UnreadableFile } from '../extractors';
import { imageForOcr } from './imageForOcr';

/** Directory of the OCR files in the build (scripts/ocrAssetsPlugin.ts), e.g. `/ocr/1a2b3c4d5e/`. */
declare const __OCR_DIR__: string;

/** How long the OCR reader may take to start (download its ~7 MB once, compile) before it counts as unavailable. */
const START_TIMEOUT_MS = 120_000;

/**
 * OCR with tesseract.js in its own worker, every file it needs served from our origin: its
 * worker script, the wasm core (tesseract picks the SIMD build the browser supports) and the
 * English LSTM data of @tesseract.js-data/eng (best_int). Nothing comes from a CDN. The
 * service worker caches these files on first use (docs/extraction.md); tesseract's own
 * IndexedDB cache is off, so there is one copy.
 */
export function createBrowserOcr() {
  let worker: Promise<OcrWorker> | null = null;

  async function start(): Promise<OcrWorker> {
    const { createWorker, OEM } = await import('tesseract.js');
    const dir = new URL(__OCR_DIR__, self.location.origin).href;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the OCR reader did not start in time')), START_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        createWorker('eng', OEM.LSTM_ONLY, {
          workerPath: `${dir}worker.min.js`,
          corePath: dir,
          langPath: dir,
          cacheMethod: 'none',
          workerBlobURL: false,
          // Without a handler tesseract.js rethrows a failed job inside its message listener.
          errorHandler: () => {},
        }),
        timeout,
      ]);
    } catch (err) {
      throw new ExtractorUnavailable(`The text reader for images could not start: ${String(err)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async read(blob: Blob): Promise<string> {
      const png = await imageForOcr(blob);
      worker ??= start().catch((err: unknown) => {
        worker = null;
        throw err;
      });
      const w = await worker;
      try {
        const result = await w.recognize(png);
        return result.data.text.trim();
      } catch (err) {
        throw new UnreadableFile(`This image could not be read: ${String(err)}`);
      }
    },
    /** Frees the OCR worker (tens of MB) until the next image. */
    async release(): Promise<void> {
      const w = worker;
      worker = null;
      if (w) await (await w.catch(() => null))?.terminate();
    },
  };
}
