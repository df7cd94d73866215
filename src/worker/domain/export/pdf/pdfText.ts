import type { PDFFont } from 'pdf-lib';
import type { PdfFonts } from './pdfFonts';

/** A run of text one font can draw. */
export interface FontRun {
  text: string;
  font: PDFFont;
}

/** Invisible characters a font need not have: controls, zero-widths, joiners, variation selectors. */
const IGNORABLE: readonly (readonly [number, number])[] = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2064],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
];
const ignorable = (cp: number) => IGNORABLE.some(([a, b]) => cp >= a && cp <= b);
const WHITE_SQUARE = 0x25a1;

/**
 * Text as the fonts can draw it. A character the wanted face lacks is drawn in the regular face
 * when that one has it (code in Courier, which is WinAnsi only, borrows Liberation Sans for a
 * Greek letter); a character no font has becomes a visible □ (or ? with the standard fonts) and
 * is counted, so nothing throws and the caller can tell the user what was lost.
 */
export class PdfText {
  /** characters drawn as □ or ? because no embedded font has them */
  replaced = 0;
  private readonly widths = new Map<PDFFont, Map<number, number>>();

  constructor(private readonly fonts: PdfFonts) {}

  runs(text: string, font: PDFFont): FontRun[] {
    const out: FontRun[] = [];
    const regular = this.fonts.faces.regular;
    const push = (ch: string, f: PDFFont) => {
      const last = out[out.length - 1];
      if (last && last.font === f) last.text += ch;
      else out.push({ text: ch, font: f });
    };
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (this.fonts.covers(font, cp)) push(ch, font);
      else if (ignorable(cp)) continue;
      else if (this.fonts.covers(regular, cp)) push(ch, regular);
      else {
        this.replaced++;
        if (this.fonts.covers(regular, WHITE_SQUARE)) push('\u25a1', regular);
        else push('?', font);
      }
    }
    return out;
  }

  /** Width in points; per-character advances cached per font (pdf-lib draws without kerning). */
  width(text: string, font: PDFFont, size: number): number {
    let cache = this.widths.get(font);
    if (!cache) {
      cache = new Map();
      this.widths.set(font, cache);
    }
    let total = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      let w = cache.get(cp);
      if (w === undefined) {
        w = font.widthOfTextAtSize(ch, 1);
        cache.set(cp, w);
      }
      total += w;
    }
    return total * size;
  }
}
