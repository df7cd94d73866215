import type { DocMeta } from './storedForms';
import { normalizeToken } from './tokenize';

/**
 * `search.quick`: the quick switcher over titles (Ctrl/Cmd+K). Ranks, best first: the exact
 * title; a title starting with the query; every query word starting a word of the title (any
 * order); the query inside the title; the query's letters in order (a subsequence, tighter
 * scores higher). Ties: shorter title, then A→Z. Accents and case are ignored.
 */
export interface QuickHit {
  id: string;
  title: string;
  folder_path: string;
  file_type: DocMeta['file_type'];
  score: number;
}

export function foldTitle(title: string): string {
  return title.split(/\s+/).map(normalizeToken).join(' ').trim();
}

export function quickScore(folded: string, q: string, qWords: readonly string[]): number {
  if (folded === q) return 100;
  if (folded.startsWith(q)) return 80 + (10 * q.length) / folded.length;
  const words = folded.split(/[^\p{L}\p{N}]+/u);
  if (qWords.every((w) => words.some((t) => t.startsWith(w)))) return 60 + (10 * q.length) / folded.length;
  const at = folded.indexOf(q);
  if (at !== -1) return 40 - Math.min(10, at / 4);
  const compact = q.replace(/\s+/g, '');
  let pos = -1;
  let first = -1;
  for (const ch of compact) {
    pos = folded.indexOf(ch, pos + 1);
    if (pos === -1) return 0;
    if (first === -1) first = pos;
  }
  const span = pos - first + 1;
  return 10 + (10 * compact.length) / span;
}

export function quickSearch(
  docs: Iterable<DocMeta>,
  folded: (d: DocMeta) => string,
  query: string,
  limit: number,
): QuickHit[] {
  const q = foldTitle(query);
  if (q === '') return [];
  const qWords = q.split(' ');
  const hits: QuickHit[] = [];
  for (const d of docs) {
    const score = quickScore(folded(d), q, qWords);
    if (score > 0)
      hits.push({ id: d.id, title: d.title, folder_path: d.folder_path, file_type: d.file_type, score });
  }
  return hits
    .sort((a, b) => b.score - a.score || a.title.length - b.title.length || a.title.localeCompare(b.title))
    .slice(0, limit);
}
