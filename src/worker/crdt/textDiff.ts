import type * as Y from 'yjs';

/**
 * Turns `ytext` into `next` with the smallest single splice (common prefix and suffix kept), so
 * that a whole-body replacement (an agent's write, a restore, an import) merges with concurrent
 * typing elsewhere instead of overwriting it. Call inside a Y transaction.
 */
export function spliceText(ytext: Y.Text, next: string): boolean {
  const prev = ytext.toString();
  if (prev === next) return false;
  let start = 0;
  const max = Math.min(prev.length, next.length);
  while (start < max && prev.charCodeAt(start) === next.charCodeAt(start)) start++;
  // never split a surrogate pair
  if (start > 0 && isHighSurrogate(prev.charCodeAt(start - 1))) start--;
  let endPrev = prev.length;
  let endNext = next.length;
  while (
    endPrev > start &&
    endNext > start &&
    prev.charCodeAt(endPrev - 1) === next.charCodeAt(endNext - 1)
  ) {
    endPrev--;
    endNext--;
  }
  if (endPrev < prev.length && isLowSurrogate(prev.charCodeAt(endPrev))) {
    endPrev++;
    endNext++;
  }
  if (endPrev > start) ytext.delete(start, endPrev - start);
  if (endNext > start) ytext.insert(start, next.slice(start, endNext));
  return true;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
