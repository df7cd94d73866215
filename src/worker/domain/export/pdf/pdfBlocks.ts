import type { Block, ListItem } from '../noteBlocks';
import { spansOf } from './pdfSpans';
import { BODY_SIZE, body, CODE_SIZE, HEADING_SIZES, LEADING, MUTED } from './pdfStyle';
import { drawTable } from './pdfTable';
import type { Box, PdfWriter } from './pdfWriter';

const INDENT = 18;
const QUOTE_INDENT = 14;
const PARA_GAP = 6;

/** The note's blocks, top to bottom, across as many pages as they take. */
export function drawBlocks(w: PdfWriter, blocks: readonly Block[], box: Box): void {
  for (const b of blocks) drawBlock(w, b, box);
}

function drawBlock(w: PdfWriter, b: Block, box: Box): void {
  switch (b.t) {
    case 'heading': {
      const size = HEADING_SIZES[Math.min(5, b.level - 1)] ?? BODY_SIZE;
      w.pages.gap(size * 0.6);
      // keep a heading with the start of what follows it: not alone at the foot of a page
      w.pages.ensure(size * LEADING + BODY_SIZE * LEADING * 2);
      w.paragraph(spansOf(b.inlines, body({ face: 'bold', size }), w.hasImage), box, size);
      w.pages.gap(PARA_GAP / 2);
      return;
    }
    case 'para':
      w.paragraph(spansOf(b.inlines, body(), w.hasImage), box, BODY_SIZE);
      w.pages.gap(PARA_GAP);
      return;
    case 'quote': {
      const bar = box.left + 1;
      drawBlocks(w, b.blocks, {
        left: box.left + QUOTE_INDENT,
        width: box.width - QUOTE_INDENT,
        bars: [...box.bars, bar],
      });
      return;
    }
    case 'code': {
      const style = body({ face: 'mono', size: CODE_SIZE });
      const inner = { ...box, left: box.left + 6, width: box.width - 12 };
      for (const text of b.text.replace(/\t/g, '    ').split('\n')) {
        for (const line of w.wrap([{ t: 'text', text, style }], inner.width, CODE_SIZE, true))
          w.line(line, box, true, inner.left);
      }
      w.pages.gap(PARA_GAP);
      return;
    }
    case 'rule':
      w.rule(box);
      return;
    case 'table':
      drawTable(w, b.rows, box);
      w.pages.gap(PARA_GAP);
      return;
    case 'list':
      for (const [n, item] of b.items.entries())
        drawItem(w, item, b.ordered ? `${b.start + n}.` : '\u2022', box);
      w.pages.gap(PARA_GAP / 2);
      return;
  }
}

function drawItem(w: PdfWriter, item: ListItem, label: string, box: Box): void {
  const inner: Box = { ...box, left: box.left + INDENT, width: box.width - INDENT };
  w.marker =
    item.checked === null ? { x: box.left + 4, text: label } : { x: box.left + 3, checked: item.checked };
  for (const [i, b] of item.blocks.entries()) {
    // an item's paragraphs sit close together; a checked task's text is greyed like a done task
    if (b.t === 'para') {
      const style = body(item.checked ? { color: MUTED } : {});
      w.paragraph(spansOf(b.inlines, style, w.hasImage), inner, BODY_SIZE);
      if (i < item.blocks.length - 1) w.pages.gap(PARA_GAP / 2);
    } else drawBlock(w, b, inner);
  }
  // an empty item still shows its marker
  if (w.marker) w.line({ frags: [], width: 0, size: BODY_SIZE, height: BODY_SIZE * LEADING }, inner);
}
