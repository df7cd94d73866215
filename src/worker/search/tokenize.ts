/**
 * The one tokenizer of the index, the query and the snippets, so a term found by a query is the
 * same term the snippet marks. A token is a run of letters, marks and digits (inner apostrophes
 * dropped: "it's" → "its"); each Chinese/Japanese character is a token of its own. Tokens are
 * lower-cased and stripped of diacritics ("Über" → "uber"), so accents never hide a match.
 * Tokens longer than 40 characters (hashes, base64) are not indexed.
 *
 * `tokenize` folds the whole text once (fast: one NFKD pass, none at all for ASCII text);
 * `tokenSpans` folds token by token to keep offsets into the original text. Both give the same
 * tokens because marks belong to tokens and folding never joins or splits a run of letters.
 */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;
const ASCII_TOKEN = /[a-z0-9]+(?:'[a-z0-9]+)*/g;
const DIACRITICS = /\p{M}+/gu;
const ASCII_WORD = /^[A-Za-z0-9]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the full ASCII range is the test
const ASCII = /^[\u0000-\u007f]*$/;
export const MAX_TOKEN_LENGTH = 40;

export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
}

export function normalizeToken(raw: string): string {
  return foldText(raw).replace(/['’]/g, '');
}

/** Tokens of `text` in order; duplicates kept. */
export function tokenize(text: string): string[] {
  const folded = foldText(text);
  const re = ASCII.test(folded) ? ASCII_TOKEN : TOKEN;
  const out: string[] = [];
  for (const m of folded.matchAll(re)) {
    let t = m[0];
    if (t.includes("'") || t.includes('’')) t = t.replace(/['’]/g, '');
    if (t.length <= MAX_TOKEN_LENGTH) out.push(t);
  }
  return out;
}

/**
 * Tokens with their offsets in `text` (for snippets), handed to `visit` in order; scanning stops
 * after `maxChars` characters. ASCII text takes a fast path (lower-casing keeps offsets).
 */
export function forEachTokenSpan(
  text: string,
  maxChars: number,
  visit: (token: string, start: number, end: number) => void,
): void {
  const scanned = text.length > maxChars ? text.slice(0, maxChars) : text;
  if (ASCII.test(scanned)) {
    const lower = scanned.toLowerCase();
    const re = new RegExp(ASCII_TOKEN.source, 'g');
    for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
      const t = m[0].includes("'") ? m[0].replace(/'/g, '') : m[0];
      visit(t, m.index, m.index + m[0].length);
    }
    return;
  }
  const re = new RegExp(TOKEN.source, 'gu');
  for (let m = re.exec(scanned); m !== null; m = re.exec(scanned)) {
    const raw = m[0];
    // Most tokens of a mostly-Latin text are ASCII: lower-casing is all they need.
    const t = ASCII_WORD.test(raw) ? raw.toLowerCase() : normalizeToken(raw);
    visit(t, m.index, m.index + raw.length);
  }
}

/** Term frequencies of a text. */
export function termFrequencies(text: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of tokenize(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}
