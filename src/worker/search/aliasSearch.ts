import type { NoteHeader } from '../domain/notes/noteHeader';
import { foldTitle, quickScore } from './quickSearch';

/** A note found by one of its frontmatter aliases: the alias that matched best, and its score. */
export interface AliasHit {
  id: string;
  title: string;
  folder_path: string;
  alias: string;
  /** on search.quick's scale (100 = exact), so alias and title hits rank together */
  score: number;
}

/**
 * `[[` completion by alias (issue 19 part 2): each markdown note's `aliases`/`alias` scored like a
 * title in the quick switcher, the best alias per note kept. Reads only the in-memory link
 * headers, never a body. Pure.
 */
export function aliasSearch(headers: Iterable<NoteHeader>, query: string, limit: number): AliasHit[] {
  const q = foldTitle(query);
  if (q === '') return [];
  const qWords = q.split(' ');
  const hits: AliasHit[] = [];
  for (const h of headers) {
    if (h.file_type !== 'markdown' || !h.aliases?.length) continue;
    let best: AliasHit | null = null;
    for (const alias of h.aliases) {
      const score = quickScore(foldTitle(alias), q, qWords);
      if (score > 0 && (best === null || score > best.score))
        best = { id: h.id, title: h.title, folder_path: h.folder_path, alias, score };
    }
    if (best) hits.push(best);
  }
  return hits
    .sort((a, b) => b.score - a.score || a.alias.length - b.alias.length || a.alias.localeCompare(b.alias))
    .slice(0, limit);
}
