/** One `[[` completion entry: a note found by its title, or by one of its aliases (`alias` set). */
export interface LinkCandidate {
  title: string;
  folder: string;
  /** the frontmatter alias that matched; absent when the title did */
  alias?: string;
}

interface Scored {
  id: string;
  title: string;
  folder_path: string;
  score: number;
}

/**
 * Title hits (`search.quick`) and alias hits (`matchAliases`) as one list, best first: both are
 * scored on the quick switcher's scale, so `[[pm` ranks a note aliased "PM" beside titles. A note
 * found both ways is listed once, by whichever matched better (the title on a tie).
 */
export function mergeLinkHits(
  titles: readonly Scored[],
  aliases: readonly (Scored & { alias: string })[],
  limit: number,
): LinkCandidate[] {
  const best = new Map<string, { score: number; c: LinkCandidate }>();
  for (const t of titles) best.set(t.id, { score: t.score, c: { title: t.title, folder: t.folder_path } });
  for (const a of aliases) {
    const known = best.get(a.id);
    if (known && known.score >= a.score) continue;
    best.set(a.id, { score: a.score, c: { title: a.title, folder: a.folder_path, alias: a.alias } });
  }
  return [...best.values()]
    .sort((x, y) => y.score - x.score)
    .slice(0, limit)
    .map((e) => e.c);
}

/**
 * The text a chosen candidate writes after `[[`: `Title`, or `Title|alias` so the note reads as
 * the alias the writer typed while the link still names the note.
 */
export function candidateText(c: LinkCandidate): string {
  return c.alias === undefined ? c.title : `${c.title}|${c.alias}`;
}
