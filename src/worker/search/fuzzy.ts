// Two reused rows: fuzzy expansion calls this thousands of times per query.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * Levenshtein distance between `a` and `b` if it is at most `max`, else `max + 1`. Works on
 * UTF-16 units (terms are normalized, so accents are gone) and stops as soon as every cell of a
 * row exceeds `max`, which keeps scanning a 50,000-term dictionary cheap.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (b.length + 1 > rowA.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] ?? max + 1;
}

/** How far a query term may be from an indexed term: none below 4 characters, 1 up to 7, then 2. */
export function fuzzyBudget(term: string): number {
  if (term.length < 4) return 0;
  return term.length < 8 ? 1 : 2;
}
