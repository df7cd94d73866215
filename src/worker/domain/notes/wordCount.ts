/**
 * Words in a markdown body as editors count them: runs of letters, digits, apostrophes, and
 * joining `-`/`_` count as one word each; every CJK ideograph or kana counts as
 * one word (Chinese and Japanese do not separate words with spaces). Markdown punctuation (`#`, `*`,
 * `[[`, `]]`, `|`) counts for nothing. Pass the body without frontmatter.
 */
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+(?:['’_-][\p{L}\p{N}\p{M}]+)*/gu;

export function wordCount(body: string): number {
  let n = 0;
  for (const _ of body.matchAll(WORD)) n++;
  return n;
}
