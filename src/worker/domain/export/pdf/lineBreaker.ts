import type { PDFFont, RGB } from 'pdf-lib';
import type { PdfFonts } from './pdfFonts';
import { LEADING, type Span, type TextStyle } from './pdfStyle';
import type { PdfText } from './pdfText';

/** Text of one font and style, measured: what one drawText call writes. */
export interface Frag {
  text: string;
  font: PDFFont;
  size: number;
  color: RGB;
  strike: boolean;
  href: string | null;
  width: number;
}

export interface Line {
  frags: Frag[];
  width: number;
  /** the largest font size on the line (an empty line: the paragraph's size) */
  size: number;
  height: number;
}

type Item = { k: 'word'; frags: Frag[]; width: number } | { k: 'space'; frag: Frag } | { k: 'break' };

/**
 * Greedy line breaking at spaces (a word is never split between styles: `**bold**,` stays
 * together); a word wider than the line is cut between characters. `pre` keeps every space and
 * breaks only where a line is too long (code).
 */
export function breakLines(
  spans: readonly Span[],
  maxWidth: number,
  text: PdfText,
  fonts: PdfFonts,
  opts: { pre?: boolean; size: number },
): Line[] {
  const items = toItems(spans, text, fonts, opts.pre === true);
  const lines: Line[] = [];
  let cur: Frag[] = [];
  let curW = 0;
  let space: Frag | null = null;
  const finish = () => {
    lines.push(lineOf(cur, opts.size));
    cur = [];
    curW = 0;
    space = null;
  };
  for (const it of items) {
    if (it.k === 'break') finish();
    else if (it.k === 'space') {
      if (cur.length > 0) space = it.frag;
    } else {
      const sw: number = space ? (space as Frag).width : 0;
      if (cur.length > 0 && curW + sw + it.width > maxWidth) finish();
      if (cur.length === 0 && it.width > maxWidth) {
        for (const ch of chars(it.frags, text)) {
          if (cur.length > 0 && curW + ch.width > maxWidth) finish();
          cur.push(ch);
          curW += ch.width;
        }
        continue;
      }
      if (space && cur.length > 0) {
        cur.push(space);
        curW += sw;
      }
      space = null;
      cur.push(...it.frags);
      curW += it.width;
    }
  }
  if (cur.length > 0 || lines.length === 0) finish();
  return lines;
}

function toItems(spans: readonly Span[], text: PdfText, fonts: PdfFonts, pre: boolean): Item[] {
  const items: Item[] = [];
  let word: Frag[] = [];
  const flush = () => {
    if (word.length > 0) items.push({ k: 'word', frags: word, width: sum(word) });
    word = [];
  };
  for (const s of spans) {
    if (s.t === 'break') {
      flush();
      items.push({ k: 'break' });
    } else if (s.t === 'text') {
      for (const part of pre ? [s.text] : s.text.split(/( +)/)) {
        if (part === '') continue;
        const frags = fragsOf(part, s.style, text, fonts);
        if (!pre && part.startsWith(' ')) {
          flush();
          const f = frags[0];
          if (f)
            items.push({ k: 'space', frag: { ...f, text: ' ', width: text.width(' ', f.font, f.size) } });
        } else word.push(...frags);
      }
    }
  }
  flush();
  return items;
}

function fragsOf(s: string, style: TextStyle, text: PdfText, fonts: PdfFonts): Frag[] {
  const font = style.face === 'mono' ? fonts.mono : fonts.faces[style.face];
  return text.runs(s, font).map((r) => ({
    text: r.text,
    font: r.font,
    size: style.size,
    color: style.color,
    strike: style.strike,
    href: style.href,
    width: text.width(r.text, r.font, style.size),
  }));
}

/** A word's characters as frags of one character each (to cut a word wider than the line). */
function* chars(frags: readonly Frag[], text: PdfText): Generator<Frag> {
  for (const f of frags) {
    for (const ch of f.text) yield { ...f, text: ch, width: text.width(ch, f.font, f.size) };
  }
}

function lineOf(frags: Frag[], size: number): Line {
  // one frag per style change: a drawText call each (texts joined once, not concatenated pairwise)
  const merged: Frag[] = [];
  let i = 0;
  while (i < frags.length) {
    const first = frags[i] as Frag;
    let j = i + 1;
    let width = first.width;
    while (j < frags.length && sameStyle(first, frags[j] as Frag)) width += (frags[j++] as Frag).width;
    const text =
      j === i + 1
        ? first.text
        : frags
            .slice(i, j)
            .map((f) => f.text)
            .join('');
    merged.push(j === i + 1 ? first : { ...first, text, width });
    i = j;
  }
  let top = frags.length > 0 ? 0 : size;
  for (const f of frags) top = Math.max(top, f.size);
  return { frags: merged, width: sum(merged), size: top, height: top * LEADING };
}

function sameStyle(a: Frag, b: Frag): boolean {
  return (
    a.font === b.font &&
    a.size === b.size &&
    a.color === b.color &&
    a.strike === b.strike &&
    a.href === b.href
  );
}

function sum(frags: readonly Frag[]): number {
  return frags.reduce((w, f) => w + f.width, 0);
}
