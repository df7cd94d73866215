/** `ids` with the item at `index` swapped with its neighbour `by` (-1 up, +1 down); null at an end. */
export function movedIds(ids: readonly string[], index: number, by: -1 | 1): string[] | null {
  const to = index + by;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[index], next[to]] = [next[to] as string, next[index] as string];
  return next;
}
