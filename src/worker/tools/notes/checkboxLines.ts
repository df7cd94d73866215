import { splitFrontmatter } from '../../domain/notes/frontmatter/splitFrontmatter';
import { maskCode } from '../../domain/notes/markdown/maskCode';

/** One open checkbox line of a note body (`- [ ] text`), as task conversion for agents reads it. */
export interface CheckboxLine {
  /** offsets of the line in the whole source (line break excluded) */
  start: number;
  end: number;
  /** the indentation and list marker, kept when the line is rewritten: `  - ` or `1. ` */
  prefix: string;
  /** the text after `[ ] `, trimmed: the task's title */
  text: string;
  /** the index (in the returned list) of the checkbox line this one is nested under, or null */
  parent: number | null;
}

// Bullet or ordered marker, an open box, then at least one visible character of text.
const OPEN_BOX = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+\[ \][ \t]+(\S.*?)[ \t]*$/;
// The same start on the masked line: the box itself is not inside code or a comment.
const BOX_START = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[ \][ \t]/;

/** Indentation width in columns, a tab reaching the next multiple of 4 (CommonMark's tab stop). */
function columns(indent: string): number {
  let col = 0;
  for (const ch of indent) col = ch === '\t' ? col + 4 - (col % 4) : col + 1;
  return col;
}

/**
 * Finds the open checkbox lines of a markdown source, outside its frontmatter, code blocks, code
 * spans and comments (maskCode blanks those, so a box inside them never matches). Checked boxes
 * (`[x]`) are done items, not to-dos, and are left alone. A box indented under another box is its
 * child; any less-indented line (a plain list item, a paragraph) ends the nesting above it.
 */
export function findCheckboxLines(source: string): CheckboxLine[] {
  const split = splitFrontmatter(source);
  const bodyStart = source.length - split.body.length;
  const masked = maskCode(split.body);
  const found: CheckboxLine[] = [];
  const open: { indent: number; index: number }[] = [];
  let at = 0;
  while (at <= masked.length) {
    const nl = masked.indexOf('\n', at);
    const lineEnd = nl === -1 ? masked.length : nl;
    const contentEnd = masked[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const line = masked.slice(at, contentEnd);
    if (line.trim() !== '') {
      const indent = columns(/^[ \t]*/.exec(line)?.[0] ?? '');
      while (open.length > 0 && (open[open.length - 1]?.indent ?? 0) >= indent) open.pop();
      const box = BOX_START.test(line) ? OPEN_BOX.exec(split.body.slice(at, contentEnd)) : null;
      if (box) {
        found.push({
          start: bodyStart + at,
          end: bodyStart + contentEnd,
          prefix: `${box[1]}${box[2]} `,
          text: (box[3] ?? '').trim(),
          parent: open[open.length - 1]?.index ?? null,
        });
        open.push({ indent, index: found.length - 1 });
      }
    }
    if (nl === -1) break;
    at = nl + 1;
  }
  return found;
}

/**
 * The source with each converted line rewritten as a plain list item that links to its task
 * (`- ship it ([task](svc://task/<id>))`): the text stays where the author put it, readable, and is
 * no longer a second, unlinked to-do. Lines without an id (not converted) stay checkboxes.
 */
export function linkConvertedLines(
  source: string,
  lines: readonly CheckboxLine[],
  taskIds: ReadonlyMap<number, string>,
): string {
  let out = '';
  let done = 0;
  lines.forEach((line, index) => {
    const id = taskIds.get(index);
    if (id === undefined) return;
    out += `${source.slice(done, line.start)}${line.prefix}${line.text} ([task](svc://task/${id}))`;
    done = line.end;
  });
  return out + source.slice(done);
}
