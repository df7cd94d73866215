import type { SyntaxNode } from '@lezer/common';
import { parser as baseParser, GFM } from '@lezer/markdown';
import { visibleText } from '../../extract/htmlBlockText';
import { splitFrontmatter } from '../notes/frontmatter/splitFrontmatter';
import { type Inline, inlinesOf, protectWikiLinks, restoreWikiLinks, type WikiSource } from './noteInlines';

/**
 * A note's markdown as blocks: what the HTML and PDF exports render (one reading of the text,
 * two outputs). Parsed with @lezer/markdown (the editor's parser) plus GFM (tables, task lists,
 * strikethrough). Raw HTML is never passed on: an HTML block becomes its visible text.
 */
export type Block =
  | { t: 'heading'; level: number; inlines: Inline[] }
  | { t: 'para'; inlines: Inline[] }
  | { t: 'list'; ordered: boolean; start: number; items: ListItem[] }
  | { t: 'quote'; blocks: Block[] }
  | { t: 'code'; text: string }
  | { t: 'rule' }
  | { t: 'table'; rows: Inline[][][] };

export interface ListItem {
  /** a task list item's state; null for a plain item */
  checked: boolean | null;
  blocks: Block[];
}

const parser = baseParser.configure(GFM);

/** The blocks of a note body; its YAML frontmatter is metadata, not text, and is left out. */
export function noteBlocks(markdown: string): Block[] {
  const ws = protectWikiLinks(splitFrontmatter(markdown).body);
  return blocksIn(parser.parse(ws.src).topNode, ws);
}

function blocksIn(parent: SyntaxNode, ws: WikiSource): Block[] {
  const out: Block[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    const b = blockOf(n, ws);
    if (b) out.push(b);
  }
  return out;
}

function blockOf(n: SyntaxNode, ws: WikiSource): Block | null {
  const heading = /^(?:ATXHeading|SetextHeading)(\d)$/.exec(n.name);
  if (heading) return { t: 'heading', level: Number(heading[1]), inlines: inlinesOf(n, ws) };
  switch (n.name) {
    case 'Paragraph':
      return { t: 'para', inlines: inlinesOf(n, ws) };
    case 'BulletList':
    case 'OrderedList':
      return listOf(n, ws);
    case 'Blockquote':
      return { t: 'quote', blocks: blocksIn(n, ws) };
    case 'FencedCode':
    case 'CodeBlock':
      return { t: 'code', text: codeText(n, ws) };
    case 'HorizontalRule':
      return { t: 'rule' };
    case 'Table':
      return {
        t: 'table',
        rows: n
          .getChildren('TableHeader')
          .concat(n.getChildren('TableRow'))
          .map((r) => r.getChildren('TableCell').map((c) => inlinesOf(c, ws))),
      };
    case 'HTMLBlock': {
      const text = visibleText(restoreWikiLinks(ws.src.slice(n.from, n.to), ws)).trim();
      return text ? { t: 'para', inlines: [{ t: 'text', text, marks: [] }] } : null;
    }
    default:
      return null;
  }
}

function listOf(n: SyntaxNode, ws: WikiSource): Block {
  const ordered = n.name === 'OrderedList';
  const items: ListItem[] = n.getChildren('ListItem').map((item) => {
    const task = item.getChild('Task');
    if (!task) return { checked: null, blocks: blocksIn(item, ws) };
    const marker = task.getChild('TaskMarker');
    const checked = marker ? /x/i.test(ws.src.slice(marker.from, marker.to)) : false;
    // the task's own text is a paragraph, followed by any nested blocks of the item
    const own: Block = { t: 'para', inlines: inlinesOf(task, ws, marker?.to) };
    return { checked, blocks: [own, ...blocksIn(item, ws)] };
  });
  const mark = n.firstChild?.getChild('ListMark');
  const start = ordered && mark ? Number.parseInt(ws.src.slice(mark.from, mark.to), 10) || 1 : 1;
  return { t: 'list', ordered, start, items };
}

function codeText(n: SyntaxNode, ws: WikiSource): string {
  const parts = n.getChildren('CodeText').map((c) => restoreWikiLinks(ws.src.slice(c.from, c.to), ws));
  const text = parts.join('\n');
  // an indented block keeps its lines' indentation after the first four spaces
  return n.name === 'CodeBlock' ? text.replace(/^ {1,4}/gm, '') : text;
}
