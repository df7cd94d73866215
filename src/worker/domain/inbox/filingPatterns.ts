import type { InboxRow, InboxType } from './inboxItem';
import { destinationOf, featuresOf } from './learnedSuggestions';

/** One place the user files into, and what the items filed there have in common. */
export interface FilingPattern {
  /** `folder:<path>` or `project:<id>` */
  target: string;
  kind: 'folder' | 'project';
  /** folder path or project id */
  id: string;
  /** folder path or project name; null when the folder or project is gone */
  name: string | null;
  /** items filed there among those read */
  filed: number;
  lastFiledAt: string | null;
  /** the words and tags most often on those items, most frequent first (at most 5 each) */
  words: { word: string; count: number }[];
  tags: { tag: string; count: number }[];
  types: Partial<Record<InboxType, number>>;
  /** answers to suggestions of this target (inbox.trackSuggestion) among the items read */
  accepted: number;
  dismissed: number;
}

type Row = Pick<InboxRow, 'title' | 'content' | 'tags' | 'sourceUrl' | 'type' | 'history' | 'filedAt'> &
  Pick<InboxRow, 'suggestionFeedback'>;

const top = (counts: Map<string, number>, n: number) =>
  [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n);

/**
 * The user's filing patterns (inbox.getPatterns): the recently filed `rows` grouped by where they
 * went (FilingEvent.into), with their commonest words, tags and types, plus the suggestion
 * answers recorded on every row read. Most-used target first, then by name. `names` resolves
 * targets to what the user sees. Pure.
 */
export function filingPatterns(rows: readonly Row[], names: ReadonlyMap<string, string>): FilingPattern[] {
  const byTarget = new Map<
    string,
    FilingPattern & { wordCounts: Map<string, number>; tagCounts: Map<string, number> }
  >();
  const entry = (target: string) => {
    let e = byTarget.get(target);
    if (!e) {
      const sep = target.indexOf(':');
      e = {
        target,
        kind: target.slice(0, sep) === 'project' ? 'project' : 'folder',
        id: target.slice(sep + 1),
        name: names.get(target) ?? null,
        filed: 0,
        lastFiledAt: null,
        words: [],
        tags: [],
        types: {},
        accepted: 0,
        dismissed: 0,
        wordCounts: new Map(),
        tagCounts: new Map(),
      };
      byTarget.set(target, e);
    }
    return e;
  };
  for (const row of rows) {
    for (const f of row.suggestionFeedback ?? []) entry(f.target)[f.outcome] += 1;
    const into = destinationOf(row);
    if (into === null) continue;
    const e = entry(into);
    e.filed += 1;
    if (row.filedAt && (e.lastFiledAt === null || row.filedAt > e.lastFiledAt)) e.lastFiledAt = row.filedAt;
    e.types[row.type] = (e.types[row.type] ?? 0) + 1;
    const { words, tags } = featuresOf(row);
    for (const w of words) e.wordCounts.set(w, (e.wordCounts.get(w) ?? 0) + 1);
    for (const t of tags) e.tagCounts.set(t, (e.tagCounts.get(t) ?? 0) + 1);
  }
  return [...byTarget.values()]
    .map(({ wordCounts, tagCounts, ...p }) => ({
      ...p,
      words: top(wordCounts, 5).map(([word, count]) => ({ word, count })),
      tags: top(tagCounts, 5).map(([tag, count]) => ({ tag, count })),
    }))
    .sort((a, b) => b.filed - a.filed || (a.name ?? a.id).localeCompare(b.name ?? b.id));
}
