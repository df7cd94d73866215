/**
 * Renaming and merging a tag inside one record's tag list. Tags compare case-insensitively (the
 * tasks domain keeps the first spelling of each); the result keeps the list's order, puts the
 * new name where the old one was, and never holds the same tag twice, so a rename onto a tag
 * the record already has is a merge. Answers null when the list does not hold `from`.
 */
export function retag(tags: readonly string[], from: string, to: string | null): string[] | null {
  const key = from.toLowerCase();
  if (!tags.some((t) => t.toLowerCase() === key)) return null;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of tags) {
    const next = t.toLowerCase() === key ? to : t;
    if (next === null || seen.has(next.toLowerCase())) continue;
    seen.add(next.toLowerCase());
    out.push(next);
  }
  return out;
}

/** A tag name as stored: trimmed, without leading `#`. */
export const tagName = (raw: string) => raw.trim().replace(/^#+/, '');
