import type { DocText } from './searchTypes';
import { findMatches, type Match, termFinder } from './snippetMatches';

/**
 * Builds a result snippet: the window of about `width` characters holding the most distinct
 * matched terms (the body first, then the extra texts), with each matched word wrapped in
 * `<mark>`. The snippet stays markdown text, but `&`, `<` and `>` of the source are written as
 * entities, so the only tags in a snippet are our `<mark>`/`</mark>` and a renderer cannot be
 * tricked by HTML in a note (docs/search.md). Whitespace runs become one space. Only the first
 * `maxScan` characters of a text are scanned, so a multi-MB note costs no more than 200 KB.
 */
export interface SnippetOptions {
  width?: number;
  maxScan?: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function escapeSnippetText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c).replace(/\s+/g, ' ');
}

export function makeSnippet(text: DocText, terms: ReadonlySet<string>, options: SnippetOptions = {}): string {
  const width = options.width ?? 160;
  const maxScan = options.maxScan ?? 200_000;
  const finder = termFinder(terms);
  for (const source of [text.body, ...text.extra]) {
    const matches = findMatches(source, maxScan, terms, finder);
    if (matches.length > 0) return render(source, matches, width);
  }
  const first = [text.body, ...text.extra].find((t) => t.trim() !== '') ?? '';
  return render(first, [], width);
}

function render(source: string, matches: Match[], width: number): string {
  const best = bestWindow(matches, width);
  let start = 0;
  if (best !== null) {
    const first = matches[best]?.start ?? 0;
    // Some context before the first match, starting at a word boundary.
    start = Math.max(0, first - Math.floor(width / 5));
    if (start > 0) {
      const space = source.slice(start, first).search(/\s/);
      start = space === -1 ? first : start + space + 1;
    }
  }
  let end = Math.min(source.length, start + width);
  if (end < source.length) {
    const cut = source.slice(start, end).search(/\s\S*$/);
    if (cut > width / 2) end = start + cut;
  }
  let out = start > 0 ? '…' : '';
  let pos = start;
  for (const m of matches) {
    if (m.start < start || m.end > end) continue;
    out += `${escapeSnippetText(source.slice(pos, m.start))}<mark>${escapeSnippetText(source.slice(m.start, m.end))}</mark>`;
    pos = m.end;
  }
  out += escapeSnippetText(source.slice(pos, end));
  if (end < source.length) out += '…';
  return out.trim();
}

/** Index of the first match of the window richest in distinct terms (then in matches). */
function bestWindow(matches: Match[], width: number): number | null {
  if (matches.length === 0) return null;
  let best = 0;
  let bestDistinct = 0;
  let bestCount = 0;
  const counts = new Map<string, number>();
  let j = 0;
  for (let i = 0; i < matches.length; i++) {
    const from = matches[i]?.start ?? 0;
    while (j < matches.length && (matches[j]?.end ?? 0) - from <= width) {
      const t = matches[j]?.term ?? '';
      counts.set(t, (counts.get(t) ?? 0) + 1);
      j++;
    }
    if (counts.size > bestDistinct || (counts.size === bestDistinct && j - i > bestCount)) {
      best = i;
      bestDistinct = counts.size;
      bestCount = j - i;
    }
    const t = matches[i]?.term ?? '';
    const c = (counts.get(t) ?? 1) - 1;
    if (c === 0) counts.delete(t);
    else counts.set(t, c);
  }
  return best;
}
