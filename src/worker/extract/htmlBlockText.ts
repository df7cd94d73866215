import { parser as htmlParser } from '@lezer/html';
import { parser as markdownParser } from '@lezer/markdown';
import { decodeReference } from './htmlEntities';

/** Elements after which text continues on a new line (a reader sees them as separate lines). */
const BLOCK = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul'.split(
    ' ',
  ),
);
/** Subtrees that are not visible text: tags and their attributes, comments, scripts, styles. */
const HIDDEN = new Set([
  'OpenTag',
  'CloseTag',
  'SelfClosingTag',
  'MismatchedCloseTag',
  'Comment',
  'ProcessingInst',
  'DoctypeDecl',
  'ScriptText',
  'StyleText',
]);

/**
 * The HTML blocks of a markdown body (CommonMark's rules, through @lezer/markdown, the parser
 * behind the editor's markdown mode), in document order, as the raw HTML of each block.
 * Fenced and indented code is not HTML, so `<div>` inside code is not a block.
 */
export function htmlBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  markdownParser.parse(markdown).iterate({
    enter(node) {
      if (node.name === 'HTMLBlock') blocks.push(markdown.slice(node.from, node.to));
      // HTML blocks sit at the top level or in lists and quotes; nothing inside one is a block.
      return node.name !== 'HTMLBlock';
    },
  });
  return blocks;
}

/**
 * The text a reader sees in an HTML fragment: text nodes with character references decoded;
 * tags, attributes, comments, scripts and styles left out; block elements on their own lines;
 * runs of spaces collapsed as a browser does. No DOM needed (works in a worker and in Node).
 */
export function visibleText(html: string): string {
  let out = '';
  htmlParser.parse(html).iterate({
    enter(node) {
      if (HIDDEN.has(node.name)) {
        if (node.name === 'OpenTag' || node.name === 'SelfClosingTag') {
          const tag = node.node.getChild('TagName');
          if (tag && BLOCK.has(html.slice(tag.from, tag.to).toLowerCase())) out += '\n';
        }
        return false;
      }
      if (node.name === 'Text') out += html.slice(node.from, node.to);
      else if (node.name === 'EntityReference' || node.name === 'CharacterReference')
        out += decodeReference(html.slice(node.from, node.to));
      return true;
    },
    leave(node) {
      if (node.name !== 'Element') return;
      const tag = node.node.firstChild?.getChild('TagName');
      if (tag && BLOCK.has(html.slice(tag.from, tag.to).toLowerCase())) out += '\n';
    },
  });
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The visible text of each HTML block of a markdown body that shows any text. */
export function htmlBlockTexts(markdown: string): string[] {
  return htmlBlocks(markdown)
    .map(visibleText)
    .filter((t) => t !== '');
}
