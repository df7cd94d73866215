import type { Inline } from '../noteInlines';
import type { Line } from './lineBreaker';
import { spansOf } from './pdfSpans';
import { body, HEADER_BG, LEADING, RULE, TABLE_SIZE } from './pdfStyle';
import type { Box, PdfWriter } from './pdfWriter';

const PAD = 4;
const MIN_COLUMN = 40;

/**
 * A GFM table: the first row is the header (bold, shaded). Columns take their natural width when
 * the table fits, else a share of the width in proportion to it; cells wrap. A row is drawn line
 * by line, so a tall row continues on the next page (its borders and header shading with it).
 */
export function drawTable(w: PdfWriter, rows: readonly Inline[][][], box: Box): void {
  const columns = rows.reduce((n, r) => Math.max(n, r.length), 0);
  if (columns === 0) return;
  const styleOf = (header: boolean) => body({ size: TABLE_SIZE, face: header ? 'bold' : 'regular' });
  const spans = rows.map((r, i) => r.map((c) => spansOf(c, styleOf(i === 0), () => false)));
  const natural = Array.from(
    { length: columns },
    (_, c) =>
      spans.reduce(
        (m, r) => Math.max(m, widest(r[c] ? w.wrap(r[c], Number.POSITIVE_INFINITY, TABLE_SIZE) : [])),
        0,
      ) +
      2 * PAD,
  );
  const widths = columnWidths(natural, box.width);
  // the x of each column's left edge, and of the table's right edge
  const xs = [box.left];
  for (const wd of widths) xs.push((xs[xs.length - 1] ?? box.left) + wd);
  const right = xs[xs.length - 1] ?? box.left;
  const lineH = TABLE_SIZE * LEADING;
  const page = () => w.pages.page;
  const hline = (y: number) =>
    page().drawLine({ start: { x: box.left, y }, end: { x: right, y }, thickness: 0.6, color: RULE });

  spans.forEach((row, r) => {
    const cells: Line[][] = widths.map((wd, c) => (row[c] ? w.wrap(row[c], wd - 2 * PAD, TABLE_SIZE) : []));
    const count = Math.max(1, ...cells.map((l) => l.length));
    for (let k = 0; k < count; k++) {
      const h = lineH + (k === 0 ? PAD : 0) + (k === count - 1 ? PAD : 0);
      const fresh = w.pages.ensure(h);
      const top = w.pages.y;
      if (r === 0)
        page().drawRectangle({
          x: box.left,
          y: top - h,
          width: right - box.left,
          height: h,
          color: HEADER_BG,
        });
      if (k === 0 || fresh) hline(top);
      w.bars(box, top, h);
      for (const x of xs)
        page().drawLine({ start: { x, y: top }, end: { x, y: top - h }, thickness: 0.6, color: RULE });
      const baseline = top - (k === 0 ? PAD : 0) - TABLE_SIZE * 1.1;
      cells.forEach((lines, c) => {
        const line = lines[k];
        if (line) w.frags(line, (xs[c] ?? box.left) + PAD, baseline);
      });
      w.pages.y = top - h;
    }
    hline(w.pages.y);
  });
}

function widest(lines: readonly Line[]): number {
  return lines.reduce((m, l) => Math.max(m, l.width), 0);
}

/** Column widths summing to at most `total`: natural when they fit, else shares of the width. */
function columnWidths(natural: readonly number[], total: number): number[] {
  const sum = natural.reduce((a, b) => a + b, 0);
  if (sum <= total) return [...natural];
  const min = Math.min(MIN_COLUMN, total / natural.length);
  const flexible = natural.map((n) => Math.max(0, n - min));
  const spare = total - min * natural.length;
  const flexSum = flexible.reduce((a, b) => a + b, 0) || 1;
  return flexible.map((f) => min + (spare * f) / flexSum);
}
