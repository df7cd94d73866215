import { utf8Length } from '../reply/jsonBytes';

/** Spec 4.1 and 8: vault_read_note pages are about 100 KB; a page is at most this many UTF-8 bytes. */
export const READ_PAGE_BYTES = 100 * 1024;
/** how far back from a page's byte limit a line break is looked for, so pages end on whole lines */
const LINE_BREAK_WINDOW = 4096;

function isHighSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff;
}

/** The end (exclusive) of the longest slice from `start` of at most `maxBytes` UTF-8 bytes. */
function fitEnd(text: string, start: number, maxBytes: number): number {
  // Every UTF-16 unit is at least one byte, so maxBytes units is an upper bound; shrink in proportion.
  let end = Math.min(text.length, start + maxBytes);
  for (;;) {
    if (end < text.length && end > start && isHighSurrogate(text, end - 1)) end--;
    const bytes = utf8Length(text.slice(start, end));
    if (bytes <= maxBytes) return end;
    end = start + Math.max(1, Math.floor(((end - start) * maxBytes) / bytes) - 1);
  }
}

/**
 * Cuts `text` into pages of at most `maxBytes` UTF-8 bytes, each ending on a line break when one
 * lies in the last 4 KB of the page, never inside a surrogate pair. Deterministic: the same text
 * always gives the same pages, so `next_page` stays valid between calls. At least one page.
 */
export function pageText(text: string, maxBytes = READ_PAGE_BYTES): string[] {
  const pages: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = fitEnd(text, start, maxBytes);
    if (end < text.length) {
      const lineEnd = text.lastIndexOf('\n', end - 1);
      if (lineEnd >= start && lineEnd >= end - LINE_BREAK_WINDOW) end = lineEnd + 1;
    }
    pages.push(text.slice(start, end));
    start = end;
  }
  return pages.length === 0 ? [''] : pages;
}
