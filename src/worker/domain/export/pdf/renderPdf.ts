import { PDFDocument, type PDFImage } from 'pdf-lib';
import type { Block } from '../noteBlocks';
import { drawBlocks } from './pdfBlocks';
import { embedPdfFonts, type PdfFontSource } from './pdfFonts';
import { type PageSize, PdfPages } from './pdfPages';
import { body, LEADING, TITLE_SIZE } from './pdfStyle';
import { PdfText } from './pdfText';
import { PdfWriter } from './pdfWriter';

export interface PdfInput {
  title: string;
  blocks: readonly Block[];
  /** image bytes by target as written (PNG or JPEG; anything else is left to its alt text) */
  images: ReadonlyMap<string, Uint8Array>;
  fonts: PdfFontSource | null;
  pageSize: PageSize;
  /** document information: keywords (the note's tags), and its dates */
  keywords: readonly string[];
  created: Date;
  modified: Date;
}

export interface PdfOutput {
  bytes: Uint8Array;
  pages: number;
  /** characters no embedded font could draw, shown as □ (or ?) */
  replacedCharacters: number;
  /** true when the Unicode font was embedded; false: the standard (WinAnsi) fonts */
  unicodeFont: boolean;
}

/** A note's blocks as a PDF: the title on top, then the blocks (docs/notes.md "Export as PDF"). */
export async function renderPdf(input: PdfInput): Promise<PdfOutput> {
  const doc = await PDFDocument.create();
  const fonts = await embedPdfFonts(doc, input.fonts);
  const images = await embedImages(doc, input.images);
  const text = new PdfText(fonts);
  const pages = new PdfPages(doc, input.pageSize);
  const w = new PdfWriter(doc, pages, fonts, text, images);
  const box = { left: pages.left, width: pages.width, bars: [] };

  w.paragraph(
    [{ t: 'text', text: input.title, style: body({ face: 'bold', size: TITLE_SIZE }) }],
    box,
    TITLE_SIZE,
  );
  pages.gap(TITLE_SIZE * (LEADING - 1));
  drawBlocks(w, input.blocks, box);

  doc.setTitle(input.title, { showInWindowTitleBar: true });
  doc.setSubject(input.title);
  if (input.keywords.length > 0) doc.setKeywords([...input.keywords]);
  doc.setCreator('Cairn');
  doc.setProducer('Cairn (pdf-lib)');
  doc.setCreationDate(input.created);
  doc.setModificationDate(input.modified);
  const bytes = await doc.save();
  return { bytes, pages: doc.getPageCount(), replacedCharacters: text.replaced, unicodeFont: fonts.unicode };
}

/** PNG and JPEG by their magic bytes (not the file name); an image that fails to decode is skipped. */
async function embedImages(
  doc: PDFDocument,
  images: ReadonlyMap<string, Uint8Array>,
): Promise<Map<string, PDFImage>> {
  const out = new Map<string, PDFImage>();
  for (const [target, bytes] of images) {
    const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    try {
      if (png) out.set(target, await doc.embedPng(bytes));
      else if (jpeg) out.set(target, await doc.embedJpg(bytes));
    } catch {
      // a damaged image: its alt text stands instead, as for a missing one
    }
  }
  return out;
}
