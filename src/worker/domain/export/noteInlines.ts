import type { SyntaxNode } from '@lezer/common';

export type Mark = 'strong' | 'em' | 'code' | 'strike';

/** A run of a paragraph: text (maybe a link), a wiki link or embed, an image, a line break. */
export type Inline =
  | { t: 'text'; text: string; marks: Mark[]; href?: string }
  | { t: 'wiki'; inner: string; embed: boolean; marks: Mark[] }
  | { t: 'image'; src: string; alt: string }
  | { t: 'break' };

const MARK_OF: Record<string, Mark> = {
  StrongEmphasis: 'strong',
  Emphasis: 'em',
  InlineCode: 'code',
  Strikethrough: 'strike',
};
/** Syntax that is not text: the `*`, `` ` ``, `~~`, `#`, `>` and `[ ]` marks. */
const MARKUP = new Set([
  'EmphasisMark',
  'CodeMark',
  'StrikethroughMark',
  'HeaderMark',
  'QuoteMark',
  'ListMark',
  'TaskMarker',
  'LinkMark',
  'URL',
  'LinkTitle',
  'LinkLabel',
  'Comment',
  'ProcessingInstruction',
]);
const WIKI = /(!?)\[\[([^[\]\n]+?)\]\]/g;
const TOKEN = /\uE000(\d+)\uE001/g;

/** Wiki links taken out of the source before parsing (the parser would read `[x]` as a link). */
export interface WikiSource {
  /** the source with each `[[...]]` replaced by a private-use token `\uE000n\uE001` */
  src: string;
  wikis: { raw: string; inner: string; embed: boolean }[];
}

export function protectWikiLinks(source: string): WikiSource {
  const wikis: WikiSource['wikis'] = [];
  const src = source.replace(WIKI, (raw, bang: string, inner: string) => {
    wikis.push({ raw, inner, embed: bang === '!' });
    return `\uE000${wikis.length - 1}\uE001`;
  });
  return { src, wikis };
}

/** Text as written: in code, a wiki link is just its characters. */
export function restoreWikiLinks(text: string, ws: WikiSource): string {
  return text.replace(TOKEN, (t, n: string) => ws.wikis[Number(n)]?.raw ?? t);
}
const ENTITY: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&nbsp;': '\u00a0',
};

/** The runs of an inline container (a paragraph, heading, table cell or task), from `from` on. */
export function inlinesOf(node: SyntaxNode, ws: WikiSource, from = node.from): Inline[] {
  const out: Inline[] = [];
  walk(node, ws, Math.max(from, node.from), node.to, [], undefined, out);
  // a heading's or paragraph's text does not start or end with the spaces around its marks
  const first = out[0];
  if (first?.t === 'text') first.text = first.text.replace(/^\s+/, '');
  const last = out[out.length - 1];
  if (last?.t === 'text') last.text = last.text.replace(/\s+$/, '');
  return out.filter((i) => i.t !== 'text' || i.text !== '');
}

function walk(
  node: SyntaxNode,
  ws: WikiSource,
  from: number,
  to: number,
  marks: Mark[],
  href: string | undefined,
  out: Inline[],
): void {
  const src = ws.src;
  let pos = from;
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.to <= from) continue;
    if (c.from > pos) text(src.slice(pos, c.from), marks, href, out, ws);
    pos = Math.max(pos, c.to);
    const mark = MARK_OF[c.name];
    if (mark === 'code') {
      const inner = restoreWikiLinks(src.slice(c.from, c.to), ws).replace(/^`+\s?|\s?`+$/g, '');
      out.push({ t: 'text', text: inner, marks: [...marks, 'code'], ...(href ? { href } : {}) });
    } else if (mark) walk(c, ws, c.from, c.to, [...marks, mark], href, out);
    else if (c.name === 'Link') walk(c, ws, c.from, c.to, marks, urlOf(c, src), out);
    else if (c.name === 'Image') {
      const label = c.getChildren('LinkMark');
      const alt = label.length >= 2 ? restoreWikiLinks(src.slice(label[0]!.to, label[1]!.from), ws) : '';
      out.push({ t: 'image', src: urlOf(c, src) ?? '', alt });
    } else if (c.name === 'Autolink') {
      const url = urlOf(c, src) ?? '';
      out.push({ t: 'text', text: url, marks, href: url });
    } else if (c.name === 'HardBreak') out.push({ t: 'break' });
    else if (c.name === 'Escape') text(src.slice(c.from + 1, c.to), marks, href, out, ws);
    else if (c.name === 'Entity')
      text(ENTITY[src.slice(c.from, c.to)] ?? src.slice(c.from, c.to), marks, href, out, ws);
    else if (c.name === 'HTMLTag' || MARKUP.has(c.name)) continue;
    else walk(c, ws, c.from, c.to, marks, href, out);
  }
  if (to > pos) text(src.slice(pos, to), marks, href, out, ws);
}

function urlOf(link: SyntaxNode, src: string): string | undefined {
  const url = link.getChild('URL');
  return url ? src.slice(url.from, url.to).replace(/^<|>$/g, '') : undefined;
}

/** Plain text, with the protected `[[wiki links]]` and `![[embeds]]` split out as their own runs. */
function text(s: string, marks: Mark[], href: string | undefined, out: Inline[], ws: WikiSource): void {
  const flat = s.replace(/\s*\n\s*/g, ' ');
  let last = 0;
  for (const m of flat.matchAll(TOKEN)) {
    const w = ws.wikis[Number(m[1])];
    if (!w) continue;
    if (m.index > last)
      out.push({ t: 'text', text: flat.slice(last, m.index), marks, ...(href ? { href } : {}) });
    // inside a markdown link's text a wiki link is only its words
    out.push(
      href ? { t: 'text', text: w.inner, marks, href } : { t: 'wiki', inner: w.inner, embed: w.embed, marks },
    );
    last = m.index + m[0].length;
  }
  if (last < flat.length) out.push({ t: 'text', text: flat.slice(last), marks, ...(href ? { href } : {}) });
}
