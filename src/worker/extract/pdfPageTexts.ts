import type { getDocument as GetDocument, PDFPageProxy } from 'pdfjs-dist';
import { ExtractorUnavailable, UnreadableFile } from './extractors';

/** pdf.js's getDocument: the modern build in the browser, the legacy build in Node 20. */
export type PdfGetDocument = typeof GetDocument;
type DocumentOptions = Exclude<
  Parameters<PdfGetDocument>[0],
  string | URL | ArrayBuffer | Uint8Array | undefined
>;

/** pdf.js exception names that mean "this file is not a readable PDF", with what to tell the user. */
const UNREADABLE: Record<string, string> = {
  InvalidPDFException: 'This PDF is damaged or is not a PDF.',
  PasswordException: 'This PDF is protected by a password.',
  MissingPDFException: 'This PDF is empty.',
  FormatError: 'This PDF is damaged: a part of it could not be read.',
};

/**
 * Reads the printed text of a page that has no text layer (a scan): renders it and runs OCR.
 * Platform parts (a canvas, the OCR engine) live in the implementation: OffscreenCanvas and
 * tesseract.js in the browser (browser/scannedPages.ts), @napi-rs/canvas in Node tests.
 */
export interface ScannedPageReader {
  read(page: PDFPageProxy): Promise<string>;
  /** The most pages of one file read this way; later pages without text stay empty. */
  maxPages: number;
}

/** Where reading a PDF stands: `page` pages of `pageCount` done, `ocr` of them by OCR. */
export interface PdfProgress {
  page: number;
  pageCount: number;
  ocr: number;
}

export interface PdfText {
  /** one string per page, in order ('' for a page without text) */
  pages: string[];
  /** 1-based numbers of the pages whose text came from OCR */
  ocrPages: number[];
  /** 1-based numbers of pages without a text layer left unread: over the cap, or no reader */
  unreadPages: number[];
}

export interface PdfReadOptions {
  scanned?: ScannedPageReader;
  onProgress?: (p: PdfProgress) => void;
  /** extra getDocument options (the browser's canvas and filter factories for a worker) */
  documentOptions?: Partial<DocumentOptions>;
}

/**
 * The text of every page of a PDF, page by page (one page in memory at a time besides the
 * result). A text item ending a line (`hasEOL`) ends a line here too; trailing spaces go.
 * A page without any text (a scanned page) is rendered and read by OCR when a reader is given,
 * up to its `maxPages` per file (docs/extraction.md, "Scanned PDFs").
 */
export async function pdfPageTexts(
  getDocument: PdfGetDocument,
  data: Uint8Array,
  options: PdfReadOptions = {},
): Promise<PdfText> {
  const { scanned, onProgress } = options;
  // pdf.js takes ownership of the buffer (it is transferred to its worker): give it a copy.
  const task = getDocument({
    ...options.documentOptions,
    data: data.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const out: PdfText = { pages: [], ocrPages: [], unreadPages: [] };
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      let text = await layerText(page);
      if (text === '') {
        if (scanned && out.ocrPages.length < scanned.maxPages) {
          text = await readScanned(scanned, page);
          out.ocrPages.push(n);
        } else out.unreadPages.push(n);
      }
      out.pages.push(text);
      page.cleanup();
      onProgress?.({ page: n, pageCount: doc.numPages, ocr: out.ocrPages.length });
    }
    return out;
  } catch (err) {
    const name = (err as { name?: string } | null)?.name ?? '';
    const reason = UNREADABLE[name];
    if (reason !== undefined) throw new UnreadableFile(reason);
    throw err;
  } finally {
    await task.destroy();
  }
}

/** One scanned page's OCR text; a page OCR cannot read is empty (the file's other pages still count). */
async function readScanned(scanned: ScannedPageReader, page: PDFPageProxy): Promise<string> {
  try {
    return (await scanned.read(page)).trim();
  } catch (err) {
    if (err instanceof ExtractorUnavailable) throw err; // the queue pauses and retries the file
    console.warn('OCR of a scanned PDF page failed', err);
    return '';
  }
}

async function layerText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text.replace(/[ \t]+\n/g, '\n').trim();
}
