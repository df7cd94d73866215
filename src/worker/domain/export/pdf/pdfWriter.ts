import type { PDFDocument, PDFImage } from 'pdf-lib';
import { breakLines, type Line } from './lineBreaker';
import { addLinkAnnotation } from './linkAnnotation';
import type { PdfFonts } from './pdfFonts';
import type { PdfPages } from './pdfPages';
import { CODE_BG, INK, RULE, type Span } from './pdfStyle';
import type { PdfText } from './pdfText';

/** Where a block is drawn: its left edge, its width, and the quote bars to its left. */
export interface Box {
  left: number;
  width: number;
  bars: readonly number[];
}

/** A list item's bullet, number or checkbox, drawn beside the first line of the item. */
export type Marker = { x: number; text: string } | { x: number; checked: boolean };

/** 1 CSS pixel in points: an image is placed at 96 dpi, then shrunk to fit. */
const PX = 0.75;

/** The drawing primitives the block renderer composes: lines of text, images, rules. */
export class PdfWriter {
  /** set by a list item, drawn with the next line or image */
  marker: Marker | null = null;

  constructor(
    readonly doc: PDFDocument,
    readonly pages: PdfPages,
    readonly fonts: PdfFonts,
    readonly text: PdfText,
    private readonly images: ReadonlyMap<string, PDFImage>,
  ) {}

  hasImage = (target: string): boolean => this.images.has(target);

  wrap(spans: readonly Span[], width: number, size: number, pre = false): Line[] {
    return breakLines(spans, width, this.text, this.fonts, { size, pre });
  }

  /** Spans as wrapped lines; images among them stand on their own lines. */
  paragraph(spans: readonly Span[], box: Box, size: number): void {
    let run: Span[] = [];
    const flush = () => {
      if (run.length > 0) for (const line of this.wrap(run, box.width, size)) this.line(line, box);
      run = [];
    };
    for (const s of spans) {
      if (s.t === 'image') {
        flush();
        this.image(s.target, box);
      } else run.push(s);
    }
    flush();
  }

  /** One line at the pen, then the pen moves below it. `background` fills the box behind it. */
  line(line: Line, box: Box, background = false, x0 = box.left): void {
    const p = this.pages;
    p.ensure(line.height);
    const top = p.y;
    if (background)
      p.page.drawRectangle({
        x: box.left,
        y: top - line.height,
        width: box.width,
        height: line.height,
        color: CODE_BG,
      });
    this.bars(box, top, line.height);
    const baseline = top - line.size * 1.1;
    this.drawMarker(baseline, line.size);
    this.frags(line, x0, baseline);
    p.y = top - line.height;
  }

  /** Draws a line's text with its baseline at `baseline`, from `x`. */
  frags(line: Line, x: number, baseline: number): void {
    const page = this.pages.page;
    for (const f of line.frags) {
      page.drawText(f.text, { x, y: baseline, size: f.size, font: f.font, color: f.color });
      if (f.strike) {
        const y = baseline + f.size * 0.3;
        page.drawLine({
          start: { x, y },
          end: { x: x + f.width, y },
          thickness: f.size / 16,
          color: f.color,
        });
      }
      if (f.href)
        addLinkAnnotation(
          this.doc,
          page,
          [x, baseline - f.size * 0.25, x + f.width, baseline + f.size],
          f.href,
        );
      x += f.width;
    }
  }

  image(target: string, box: Box): void {
    const img = this.images.get(target);
    if (!img) return;
    const scale = Math.min(PX, box.width / img.width, (this.pages.usable * 0.9) / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    this.pages.ensure(h + 4);
    const top = this.pages.y;
    this.bars(box, top, h + 4);
    this.drawMarker(top - 10, 11);
    this.pages.page.drawImage(img, { x: box.left, y: top - 2 - h, width: w, height: h });
    this.pages.y = top - h - 4;
  }

  rule(box: Box): void {
    this.pages.ensure(14);
    const y = this.pages.y - 7;
    this.pages.page.drawLine({
      start: { x: box.left, y },
      end: { x: box.left + box.width, y },
      thickness: 0.75,
      color: RULE,
    });
    this.pages.y -= 14;
  }

  /** The quote bars beside a piece `h` points tall whose top is at `top`. */
  bars(box: Box, top: number, h: number): void {
    for (const x of box.bars)
      this.pages.page.drawLine({ start: { x, y: top }, end: { x, y: top - h }, thickness: 2, color: RULE });
  }

  private drawMarker(baseline: number, size: number): void {
    const m = this.marker;
    if (!m) return;
    this.marker = null;
    const page = this.pages.page;
    if ('text' in m) {
      for (const r of this.text.runs(m.text, this.fonts.faces.regular))
        page.drawText(r.text, { x: m.x, y: baseline, size, font: r.font, color: INK });
      return;
    }
    // a drawn box, not a ballot-box character: the standard fonts have none
    const s = size * 0.75;
    page.drawRectangle({ x: m.x, y: baseline - 1, width: s, height: s, borderColor: INK, borderWidth: 0.8 });
    if (m.checked) {
      page.drawLine({
        start: { x: m.x + s * 0.2, y: baseline - 1 + s * 0.5 },
        end: { x: m.x + s * 0.42, y: baseline - 1 + s * 0.2 },
        thickness: 1.2,
        color: INK,
      });
      page.drawLine({
        start: { x: m.x + s * 0.42, y: baseline - 1 + s * 0.2 },
        end: { x: m.x + s * 0.85, y: baseline - 1 + s * 0.85 },
        thickness: 1.2,
        color: INK,
      });
    }
  }
}
