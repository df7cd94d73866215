import { foldTitle, quickScore } from '../../worker/search/quickSearch';

/**
 * Items whose `label` matches what is typed, best first, with the same ranking as the quick
 * switcher's titles (search.quick: exact, prefix, every word's start, inside, letters in order).
 * An empty query keeps every item in its order.
 */
export function rankByTitle<T extends { label: string }>(items: readonly T[], query: string): T[] {
  const q = foldTitle(query);
  if (q === '') return [...items];
  const words = q.split(' ');
  return items
    .map((item, order) => ({ item, order, score: quickScore(foldTitle(item.label), q, words) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((r) => r.item);
}
