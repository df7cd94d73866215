import { forEachTokenSpan, normalizeToken } from './tokenize';

/** Where matched terms occur in a snippet's source text (offsets into the original text). */
export interface Match {
  term: string;
  start: number;
  end: number;
}

/**
 * One regular expression for the matched terms when they are all ASCII words: it runs on the
 * lower-cased text (same offsets), and V8 scans for literal alternatives far faster than it
 * tokenizes. It has no `u` flag (compiling Unicode classes costs about a millisecond per new
 * regex); its ASCII guards are completed by a check of the neighbours in `findMatches`.
 */
export function termFinder(terms: ReadonlySet<string>): RegExp | null {
  const list = [...terms];
  if (list.length === 0 || !list.every((t) => /^[a-z0-9]+$/.test(t))) return null;
  list.sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![a-z0-9'])(?:${list.join('|')})(?![a-z0-9]|'[a-z0-9])`, 'g');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: everything outside ASCII is what is sought
const NON_ASCII = /[^\u0000-\u007f]|'/g;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const isWord = (text: string, i: number) =>
  i >= 0 && i < text.length && WORD_CHAR.test(text[i] ?? '') && !CJK.test(text[i] ?? '');
const isApostrophe = (text: string, i: number) => text[i] === "'" || text[i] === '’';

/**
 * Where the matched terms occur in a text. Fast path (ASCII terms, lower-casing keeps the
 * length): the term regex finds the plain spellings, and only the words holding a non-ASCII
 * character are folded one by one (`café` → `cafe`). Otherwise every token is folded.
 */
export function findMatches(
  source: string,
  maxScan: number,
  terms: ReadonlySet<string>,
  finder: RegExp | null,
): Match[] {
  const scanned = source.length > maxScan ? source.slice(0, maxScan) : source;
  const lower = scanned.toLowerCase();
  const matches: Match[] = [];
  if (finder === null || lower.length !== scanned.length) {
    forEachTokenSpan(scanned, maxScan, (term, start, end) => {
      if (terms.has(term)) matches.push({ term, start, end });
    });
    return matches;
  }
  finder.lastIndex = 0;
  for (let m = finder.exec(lower); m !== null; m = finder.exec(lower)) {
    const start = m.index;
    const end = start + m[0].length;
    // A non-ASCII letter or a curly apostrophe next to it means the token is longer (`café`).
    const before = lower[start - 1] ?? ' ';
    const after = lower[end] ?? ' ';
    if (before === '’' || (before > '\u007f' && isWord(lower, start - 1))) continue;
    if ((after > '\u007f' && isWord(lower, end)) || (after === '’' && isWord(lower, end + 1))) continue;
    matches.push({ term: m[0], start, end });
  }
  // Words the regex cannot see: those holding a non-ASCII letter or an inner apostrophe.
  let covered = -1;
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(scanned); m !== null; m = NON_ASCII.exec(scanned)) {
    if (m.index < covered) continue;
    const ch = String.fromCodePoint(scanned.codePointAt(m.index) ?? 0);
    const apostrophe = ch === "'" || ch === '’';
    if (
      apostrophe
        ? !isWord(scanned, m.index - 1) || !isWord(scanned, m.index + 1)
        : !WORD_CHAR.test(ch) || CJK.test(ch)
    ) {
      continue;
    }
    let start = m.index;
    while (isWord(scanned, start - 1) || (isApostrophe(scanned, start - 1) && isWord(scanned, start - 2)))
      start--;
    let end = m.index + 1;
    while (isWord(scanned, end) || (isApostrophe(scanned, end) && isWord(scanned, end + 1))) end++;
    covered = end;
    const term = normalizeToken(scanned.slice(start, end));
    if (terms.has(term) && !matches.some((x) => x.start === start)) matches.push({ term, start, end });
  }
  return matches.sort((a, b) => a.start - b.start);
}
