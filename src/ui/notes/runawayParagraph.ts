/**
 * Whether a markdown text holds a paragraph longer than `limit` characters: a run of lines with
 * no blank line and no line opening another block (heading, list item, quote, fence, table row,
 * indented code). The markdown parser reads a paragraph's inline content in one go, so such a
 * paragraph (a pasted log, a text with single line breaks) holds the editor's thread for hundreds
 * of milliseconds on open and again on every keystroke; the editor shows it as plain text
 * instead (docs/notes.md, "Large notes"). One pass over the text, no allocation per line.
 */
const BLOCK_START = /^(?:[ \t]*$|[ \t]{4}|[ \t]{0,3}(?:#|>|[-*+][ \t]|\d{1,9}[.)][ \t]|```|~~~|\|))/;

export function hasRunawayParagraph(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let runStart = -1;
  let at = 0;
  while (at <= text.length) {
    const end = text.indexOf('\n', at);
    const lineEnd = end === -1 ? text.length : end;
    // Only the line's first few characters decide whether it opens a block.
    const opensBlock = BLOCK_START.test(text.slice(at, Math.min(lineEnd, at + 12)));
    if (opensBlock) runStart = -1;
    else {
      if (runStart === -1) runStart = at;
      if (lineEnd - runStart > limit) return true;
    }
    if (end === -1) break;
    at = end + 1;
  }
  return false;
}
