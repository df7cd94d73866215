import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

export type FontFace = 'regular' | 'bold' | 'italic' | 'boldItalic';

/**
 * Where the Unicode font files come from: the browser fetches the Liberation Sans files the build
 * ships (pdf.js's standard fonts, so nothing is added to the bundle), tests read them from
 * node_modules. null (offline and not cached, or no source) means "use the PDF standard fonts":
 * the export still works, characters outside WinAnsi are replaced and counted.
 */
export type PdfFontSource = (face: FontFace) => Promise<Uint8Array | null>;

/** The fonts of one document and what each can draw. */
export interface PdfFonts {
  faces: Record<FontFace, PDFFont>;
  mono: PDFFont;
  /** true when the faces are the embedded Unicode font (not the WinAnsi standard fonts) */
  unicode: boolean;
  /** can `font` draw this code point? */
  covers(font: PDFFont, codePoint: number): boolean;
}

const STANDARD: Record<FontFace, StandardFonts> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  boldItalic: StandardFonts.HelveticaBoldOblique,
};
const FACES: readonly FontFace[] = ['regular', 'bold', 'italic', 'boldItalic'];

/**
 * Embeds the four faces (subset: only the glyphs used are written) and Courier for code. Unicode
 * faces only when all four load, so a bold heading never falls back to a font of another design.
 */
export async function embedPdfFonts(doc: PDFDocument, source: PdfFontSource | null): Promise<PdfFonts> {
  const bytes = source ? await Promise.all(FACES.map((f) => source(f).catch(() => null))) : [];
  const unicode = bytes.length === FACES.length && bytes.every((b) => b !== null);
  if (unicode) doc.registerFontkit(fontkit);
  const embedded = await Promise.all(
    FACES.map((f, i) => {
      const b = bytes[i];
      return unicode && b ? doc.embedFont(b, { subset: true }) : doc.embedFont(STANDARD[f]);
    }),
  );
  const faces = Object.fromEntries(FACES.map((f, i) => [f, embedded[i]])) as Record<FontFace, PDFFont>;
  const mono = await doc.embedFont(StandardFonts.Courier);
  const sets = new Map<PDFFont, Set<number>>();
  return {
    faces,
    mono,
    unicode,
    covers(font, codePoint) {
      let set = sets.get(font);
      if (!set) {
        set = new Set(font.getCharacterSet());
        sets.set(font, set);
      }
      return set.has(codePoint);
    },
  };
}
