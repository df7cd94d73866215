import type { PdfProgress, PdfText } from './pdfPageTexts';

/**
 * The readers the extraction queue drives, behind one small port so the queue runs the same in
 * the browser (pdf.js and tesseract.js in their own workers, browser/browserExtractors.ts) and
 * in Node tests. Failures are told apart by type:
 * - UnreadableFile: this file cannot be read (a damaged PDF, bytes that are no image): the file
 *   is `failed` with the message as its reason, and retrying would not help;
 * - ExtractorUnavailable: the reader itself could not start (its code or data did not load, e.g.
 *   offline before the OCR data was first fetched): the queue pauses and retries later;
 * - anything else is a failure of this file, reported with its message.
 */
export interface Extractors {
  /**
   * The text of each page, in order (an empty string for a page without text), scanned pages
   * read by OCR up to a cap; `onProgress` after each page.
   */
  pdf(data: Uint8Array, onProgress?: (p: PdfProgress) => void): Promise<PdfText>;
  /** The printed text read from an image. */
  image(blob: Blob): Promise<string>;
  /** Called when the queue runs dry: readers may free their workers and memory. */
  idle?(): Promise<void>;
}

export class UnreadableFile extends Error {
  override name = 'UnreadableFile';
}

export class ExtractorUnavailable extends Error {
  override name = 'ExtractorUnavailable';
}
