/** A place an inbox item can be filed into. */
export interface SuggestionTarget {
  kind: 'folder' | 'project';
  /** folder path, or project id */
  id: string;
  /** what the user sees: the folder path or the project name */
  name: string;
}

export interface Suggestion extends SuggestionTarget {
  score: number;
  /** the item's words that matched, for the "why" shown beside the suggestion */
  matched: string[];
}

export interface SuggestionItem {
  title: string;
  content: string | null;
  tags: readonly string[];
  sourceUrl: string | null;
}

const STOP = new Set(
  'the and for with from that this into your you are was were will have has had not but our out about what when where which who how all any can new www com org net http https html'.split(
    ' ',
  ),
);

/** Words of a text: lower-case runs of letters/digits, 3+ characters, stop words out, a plural `s` dropped. */
export function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]{3,}/gu)) {
    const w = m[0].length > 3 && m[0].endsWith('s') && !m[0].endsWith('ss') ? m[0].slice(0, -1) : m[0];
    if (!STOP.has(w)) out.add(w);
  }
  return out;
}

/** A link's host (without www.) and path as words. */
export function urlWords(sourceUrl: string | null): string {
  if (!sourceUrl) return '';
  try {
    const u = new URL(sourceUrl);
    return `${u.hostname.replace(/^www\./, '')} ${decodeURIComponent(u.pathname)}`.replace(/[./_-]/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The suggestion rule (docs/planning.md, Inbox): a folder or project is suggested when its name
 * shares words with the item. Each shared word of the title, text (first 2,000 characters) or
 * link (host and path) scores 1; a shared word of one of the item's tags scores 3; a tag equal to
 * the whole name (`#cairn` and project Cairn, `#work/notes` and folder Work/Notes) scores 5 more.
 * A folder is matched on its last segment's words plus its path's, so `Projects/Cairn` matches
 * "cairn". Targets scoring 0 are dropped; the best `limit` come first (ties: folders before
 * projects, then by name). Pure.
 */
export function suggestTargets(
  item: SuggestionItem,
  targets: readonly SuggestionTarget[],
  limit = 3,
): Suggestion[] {
  const text = wordsOf(`${item.title} ${(item.content ?? '').slice(0, 2000)} ${urlWords(item.sourceUrl)}`);
  const tagWords = wordsOf(item.tags.join(' ').replace(/\//g, ' '));
  const tagNames = new Set(item.tags.map((t) => t.toLowerCase()));
  const scored: Suggestion[] = [];
  for (const t of targets) {
    let score = 0;
    const matched: string[] = [];
    for (const w of wordsOf(t.name.replace(/\//g, ' '))) {
      const s = (tagWords.has(w) ? 3 : 0) + (text.has(w) ? 1 : 0);
      if (s > 0) {
        score += s;
        matched.push(w);
      }
    }
    if (tagNames.has(t.name.toLowerCase())) score += 5;
    if (score > 0) scored.push({ ...t, score, matched });
  }
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1),
    )
    .slice(0, limit);
}
