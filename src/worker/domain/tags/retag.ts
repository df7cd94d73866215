/**
 * Renaming and merging a tag inside one record's tag list, with the notes' rules: tags compare
 * case-insensitively, and a nested tag follows its parent (`area/work` becomes `job/work` when
 * `area` is renamed to `job`; deleting `area` drops `area/work` too). The result keeps the list's
 * order, puts the new name where the old one was, and never holds the same tag twice, so a rename
 * onto a tag the record already has is a merge. Answers null when the list does not hold `from`
 * or a tag below it.
 */
export function retag(tags: readonly string[], from: string, to: string | null): string[] | null {
  const key = from.toLowerCase();
  const hit = (t: string) => {
    const k = t.toLowerCase();
    return k === key || k.startsWith(`${key}/`);
  };
  if (!tags.some(hit)) return null;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of tags) {
    const next = hit(t) ? (to === null ? null : to + t.slice(from.length)) : t;
    if (next === null || seen.has(next.toLowerCase())) continue;
    seen.add(next.toLowerCase());
    out.push(next);
  }
  return out;
}

/** A tag name as stored: trimmed, without leading `#`. */
export const tagName = (raw: string) => raw.trim().replace(/^#+/, '');

/** Whether `tag` is `parent` or a tag below it, any letter case. */
export function isTagOrChild(tag: string, parent: string): boolean {
  const k = tag.toLowerCase();
  const p = parent.toLowerCase();
  return k === p || k.startsWith(`${p}/`);
}
