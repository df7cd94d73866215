import { POSITION_STEP } from './taskEdit';

export interface Positioned {
  readonly id: string;
  readonly position: number;
}

/**
 * New integer positions that put `items` in the given order while touching as few of them as
 * possible (each touched record is one clock tick and one sync push). The longest run already in
 * increasing order keeps its positions; the others get evenly spaced positions between their kept
 * neighbours (`POSITION_STEP` apart beyond the ends). When a gap has no room, everything is
 * renumbered `POSITION_STEP` apart. Returns only the ids whose position changes.
 */
export function planPositions(items: readonly Positioned[]): Map<string, number> {
  const keep = longestIncreasing(items.map((i) => i.position));
  const planned = items.map((item, i) => (keep.has(i) ? item.position : null));
  let i = 0;
  while (i < items.length) {
    if (planned[i] !== null) {
      i++;
      continue;
    }
    let j = i;
    while (j < items.length && planned[j] === null) j++;
    const count = j - i;
    const lo = i > 0 ? planned[i - 1]! : null;
    const hi = j < items.length ? planned[j]! : null;
    const start = lo ?? (hi ?? 0) - POSITION_STEP * (count + 1);
    const end = hi ?? (lo ?? 0) + POSITION_STEP * (count + 1);
    if (end - start - 1 < count) return renumberAll(items);
    const step = (end - start) / (count + 1);
    for (let k = 0; k < count; k++) planned[i + k] = Math.round(start + step * (k + 1));
    i = j;
  }
  return changedOnly(items, planned as number[]);
}

function renumberAll(items: readonly Positioned[]): Map<string, number> {
  return changedOnly(
    items,
    items.map((_, i) => i * POSITION_STEP),
  );
}

function changedOnly(items: readonly Positioned[], positions: readonly number[]): Map<string, number> {
  const out = new Map<string, number>();
  items.forEach((item, i) => {
    if (positions[i] !== item.position) out.set(item.id, positions[i]!);
  });
  return out;
}

/** Indices of one longest strictly increasing subsequence (patience sorting, O(n log n)). */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev = new Array<number>(values.length).fill(-1);
  values.forEach((v, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  });
  const out = new Set<number>();
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k !== -1; k = prev[k]!) out.add(k);
  return out;
}

/**
 * A position strictly between two neighbours (null: no neighbour on that side), for a drop in a
 * list or a board column. Null when the neighbours leave no integer between them: then reorder
 * the list with `planPositions`.
 */
export function positionBetween(prev: number | null, next: number | null): number | null {
  if (prev === null && next === null) return 0;
  if (prev === null) return next! - POSITION_STEP;
  if (next === null) return prev + POSITION_STEP;
  if (next - prev < 2) return null;
  return prev + Math.floor((next - prev) / 2);
}
