import type { getDocument as GetDocument } from 'pdfjs-dist';
import { UnreadableFile } from './extractors';

/** pdf.js's getDocument: the modern build in the browser, the legacy build in Node 20. */
export type PdfGetDocument = typeof GetDocument;

/** pdf.js exception names that mean "this file is not a readable PDF", with what to tell the user. */
const UNREADABLE: Record<string, string> = {
  InvalidPDFException: 'This PDF is damaged or is not a PDF.',
  PasswordException: 'This PDF is protected by a password.',
  MissingPDFException: 'This PDF is empty.',
  FormatError: 'This PDF is damaged: a part of it could not be read.',
};

/**
 * The text of every page of a PDF, page by page (one page in memory at a time besides the
 * result). A text item ending a line (`hasEOL`) ends a line here too; trailing spaces go.
 * A scanned PDF without a text layer yields empty pages (no OCR of rendered pages).
 */
export async function pdfPageTexts(getDocument: PdfGetDocument, data: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer (it is transferred to its worker): give it a copy.
  const task = getDocument({
    data: data.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text.replace(/[ \t]+\n/g, '\n').trim());
      page.cleanup();
    }
    return pages;
  } catch (err) {
    const name = (err as { name?: string } | null)?.name ?? '';
    const reason = UNREADABLE[name];
    if (reason !== undefined) throw new UnreadableFile(reason);
    throw err;
  } finally {
    await task.destroy();
  }
}
