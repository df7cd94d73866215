import { PageSizes, type PDFDocument, type PDFPage } from 'pdf-lib';

export type PageSize = 'A4' | 'Letter';

/** 2 cm: room for a printer's unprintable edge on both paper sizes. */
const MARGIN = 56.7;

/**
 * The page being written and the pen's height on it. Content is placed top-down: `ensure(h)`
 * starts a new page when `h` points do not fit above the bottom margin (unless the page is still
 * empty: something taller than a page is drawn anyway, clipped by the page, not lost in a loop).
 */
export class PdfPages {
  page: PDFPage;
  y: number;
  readonly left = MARGIN;
  readonly width: number;
  private readonly top: number;
  private readonly size: [number, number];

  constructor(
    private readonly doc: PDFDocument,
    pageSize: PageSize,
  ) {
    this.size = PageSizes[pageSize];
    this.width = this.size[0] - 2 * MARGIN;
    this.top = this.size[1] - MARGIN;
    this.page = doc.addPage(this.size);
    this.y = this.top;
  }

  /** the height content may take on one page */
  get usable(): number {
    return this.top - MARGIN;
  }

  atTop(): boolean {
    return this.y >= this.top;
  }

  /** Makes room for `h` points; true when that took a new page. */
  ensure(h: number): boolean {
    if (this.y - h >= MARGIN || this.atTop()) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.page = this.doc.addPage(this.size);
    this.y = this.top;
  }

  /** Space between blocks; none at the top of a page. */
  gap(h: number): void {
    if (!this.atTop()) this.y = Math.max(MARGIN, this.y - h);
  }
}
