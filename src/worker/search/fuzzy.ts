// Three reused rows: fuzzy expansion calls this thousands of times per query.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Edit distance between `a` and `b` (optimal string alignment: insertions, deletions,
 * substitutions, and swaps of two neighbouring letters, the commonest typo: `hotkyes` is one edit
 * from `hotkeys`) if it is at most `max`, else `max + 1`. Works on UTF-16 units (terms are
 * folded, so accents are gone) and stops as soon as a whole row exceeds `max`.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (b.length + 1 > rowA.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
    rowC = new Int32Array(b.length + 1);
  }
  let before = rowC; // row i-2
  let prev = rowA; // row i-1
  let cur = rowB; // row i
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, (before[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[b.length] ?? max + 1;
}

/** How far a query term may be from an indexed term: none below 4 characters, 1 up to 7, then 2. */
export function fuzzyBudget(term: string): number {
  if (term.length < 4) return 0;
  return term.length < 8 ? 1 : 2;
}
