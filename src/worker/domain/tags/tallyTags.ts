import { tagAncestors, tagKey } from '../notes/tags';

/** A tag's uses in one kind of record: the first spelling met and how many records carry it. */
export interface TagTally {
  name: string;
  count: number;
}

/**
 * Counts the records carrying each tag from the keys and primary keys of a multi-entry `*tags`
 * index (read in one pass, no rows): the same rule as the notes' tag view, so a nested tag also
 * counts under its parents, and a record counts once under a parent however many of its tags
 * sit below it. Keys compare by `tagKey` (case-insensitive).
 */
export function tallyTags(keys: readonly unknown[], ids: readonly unknown[]): Map<string, TagTally> {
  const records = new Map<string, Set<string>>();
  const names = new Map<string, string>();
  keys.forEach((k, i) => {
    if (typeof k !== 'string' || k === '') return;
    const parts = k.split('/');
    tagAncestors(tagKey(k)).forEach((key, depth) => {
      if (!names.has(key)) names.set(key, parts.slice(0, depth + 1).join('/'));
      const set = records.get(key) ?? new Set<string>();
      set.add(String(ids[i]));
      records.set(key, set);
    });
  });
  const out = new Map<string, TagTally>();
  for (const [key, set] of records) out.set(key, { name: names.get(key) ?? key, count: set.size });
  return out;
}
