import type { InboxRow } from './inboxItem';
import {
  type Suggestion,
  type SuggestionItem,
  type SuggestionTarget,
  suggestTargets,
  urlWords,
  wordsOf,
} from './suggestions';

/** A filed item as the learning reads it: its words and tags, and where it went. */
export type FiledItem = SuggestionItem & Pick<InboxRow, 'history'>;

/** What a learned suggestion adds to the name rule's `Suggestion`. */
export interface LearnedSuggestion extends Suggestion {
  /** how many recently filed items like this one went there */
  similarFiled: number;
  /** `name`: the target's name matches the item; `history`: similar items were filed there */
  why: ('name' | 'history')[];
}

/** `folder:<path>` / `project:<id>`: how a target is named in `FilingEvent.into` and feedback. */
export const targetKey = (t: Pick<SuggestionTarget, 'kind' | 'id'>) => `${t.kind}:${t.id}`;

/** Where a filed item went: the `into` of its last file or convert event (null before `into` existed). */
export function destinationOf(item: Pick<InboxRow, 'history'>): string | null {
  for (let i = item.history.length - 1; i >= 0; i--) {
    const e = item.history[i]!;
    if (e.action === 'undo') return null;
    if ((e.action === 'file' || e.action === 'convert') && e.into) return e.into;
  }
  return null;
}

/** The words and tag keys two items are compared on (title, first 2,000 characters, link). */
export function featuresOf(item: SuggestionItem): { words: Set<string>; tags: Set<string> } {
  return {
    words: wordsOf(`${item.title} ${(item.content ?? '').slice(0, 2000)} ${urlWords(item.sourceUrl)}`),
    tags: new Set(item.tags.map((t) => t.toLowerCase())),
  };
}

/** Shared words count 1 each, shared tags 3 each; at most 6, so one near-copy cannot outweigh many. */
export function similarity(a: ReturnType<typeof featuresOf>, b: ReturnType<typeof featuresOf>): number {
  let s = 0;
  for (const w of a.words) if (b.words.has(w)) s += 1;
  for (const t of a.tags) if (b.tags.has(t)) s += 3;
  return Math.min(s, 6);
}

/**
 * Suggestions learned from the user's filing history (docs/planning.md, "Learned suggestions"):
 * the name rule's scores (suggestTargets) plus, for each recently filed item similar to this one
 * (similarity ≥ 2: two shared words, or a shared tag), its similarity added to the target it went
 * into. Targets the user dismissed for this item are never offered again; targets no longer
 * offered (a deleted folder, an archived project) are dropped. Best `limit` first; ties: folders
 * first, then by name. Pure.
 */
export function learnedSuggestions(
  item: SuggestionItem,
  targets: readonly SuggestionTarget[],
  filed: readonly FiledItem[],
  dismissed: ReadonlySet<string>,
  limit = 3,
): LearnedSuggestion[] {
  const byKey = new Map<string, LearnedSuggestion>();
  const offered = targets.filter((t) => !dismissed.has(targetKey(t)));
  for (const s of suggestTargets(item, offered, Number.POSITIVE_INFINITY))
    byKey.set(targetKey(s), { ...s, similarFiled: 0, why: ['name'] });
  const known = new Map(offered.map((t) => [targetKey(t), t]));
  const mine = featuresOf(item);
  for (const f of filed) {
    const into = destinationOf(f);
    const target = into === null ? undefined : known.get(into);
    if (!target) continue;
    const sim = similarity(mine, featuresOf(f));
    if (sim < 2) continue;
    const key = targetKey(target);
    const entry = byKey.get(key) ?? { ...target, score: 0, matched: [], similarFiled: 0, why: [] };
    entry.score += sim;
    entry.similarFiled += 1;
    if (!entry.why.includes('history')) entry.why.push('history');
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1),
    )
    .slice(0, limit);
}
