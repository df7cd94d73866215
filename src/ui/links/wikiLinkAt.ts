/**
 * The `[[...]]` wiki link (embeds `![[...]]` included) covering `column` in one line of text, as
 * its inner text (`Title#Heading|alias`) and its span; null when the column is outside every link.
 * Pure, so it is tested without an editor.
 */
export interface WikiLinkSpan {
  inner: string;
  from: number;
  to: number;
}

const WIKI = /!?\[\[([^[\]\n]+?)\]\]/g;

export function wikiLinkAt(line: string, column: number): WikiLinkSpan | null {
  for (const m of line.matchAll(WIKI)) {
    const from = m.index;
    const to = from + m[0].length;
    if (column >= from && column <= to) return { inner: m[1] ?? '', from, to };
    if (from > column) break;
  }
  return null;
}
