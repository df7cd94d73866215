/**
 * Splits a markdown file into its YAML frontmatter block and body without touching a byte:
 * `head + yaml + tail + body === source` always holds, so a body-only edit can reassemble the
 * file with the original frontmatter bytes. Recognised as Obsidian does: the very first line is
 * `---` (an optional BOM before it), and the block ends at the next line that is exactly `---`
 * or `...` (trailing spaces allowed). CRLF files are kept CRLF.
 */
export interface FrontmatterSplit {
  /** the opening fence with its line break (and BOM), or '' when there is no frontmatter */
  head: string;
  /** the YAML text between the fences, including its final line break */
  yaml: string;
  /** the closing fence with its line break, or '' when there is no frontmatter */
  tail: string;
  body: string;
  hasFrontmatter: boolean;
}

const OPEN = /^(\uFEFF?---[ \t]*)(\r?\n)/;
const CLOSE = /^(---|\.\.\.)[ \t]*(\r?\n|$)/m;

export function splitFrontmatter(source: string): FrontmatterSplit {
  const open = OPEN.exec(source);
  if (!open) return { head: '', yaml: '', tail: '', body: source, hasFrontmatter: false };
  const head = open[0];
  const rest = source.slice(head.length);
  // The closing fence may directly follow the opening one (an empty block); `m` makes `^` a line start.
  const close = CLOSE.exec(rest);
  if (!close) {
    return { head: '', yaml: '', tail: '', body: source, hasFrontmatter: false };
  }
  return {
    head,
    yaml: rest.slice(0, close.index),
    tail: close[0],
    body: rest.slice(close.index + close[0].length),
    hasFrontmatter: true,
  };
}

export function joinFrontmatter(split: FrontmatterSplit): string {
  return split.head + split.yaml + split.tail + split.body;
}

/** The line break the file already uses, so added lines match it. */
export function lineBreakOf(source: string): '\n' | '\r\n' {
  return /\r\n/.test(source) ? '\r\n' : '\n';
}
