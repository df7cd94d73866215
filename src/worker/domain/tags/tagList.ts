import { tagKey } from '../notes/tags';
import type { TagTally } from './tallyTags';

/** What the tag list needs of a stored tag definition. */
export interface TagDefLike {
  key: string;
  name: string;
  color: string | null;
  icon: string | null;
  sortOrder: number;
  categoryId?: string | null;
}

/** A tag as spec 2.7 gives it, plus where its uses are. */
export interface TagEntry {
  name: string;
  /** notes + tasks + captures carrying the tag or a tag below it */
  count: number;
  color: string | null;
  icon: string | null;
  category_id: string | null;
  category_name: string | null;
  /** the tag's place in the vault's tag order, 0-based */
  sort_order: number;
  counts: { notes: number; tasks: number; captures: number };
}

/** A definition's sortOrder before any explicit reorder: after every reordered tag. */
export const UNORDERED = Number.MAX_SAFE_INTEGER;

/**
 * One list of tags over notes, tasks and captures: a tag is the same tag in all three (compared
 * by `tagKey`), its count the sum of its uses, its looks (colour, icon, category) from its
 * definition. A defined tag with no use is listed with count 0, so it can be coloured or filed in
 * a category before first use. Order: the definitions' sortOrder (set by tags.reorder), then by
 * name; `sort_order` is the resulting position. The display name is the note spelling first.
 */
export function tagList(
  uses: { notes: Map<string, TagTally>; tasks: Map<string, TagTally>; captures: Map<string, TagTally> },
  defs: readonly TagDefLike[],
  categories: ReadonlyMap<string, string>,
): TagEntry[] {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const keys = new Set([
    ...uses.notes.keys(),
    ...uses.tasks.keys(),
    ...uses.captures.keys(),
    ...byKey.keys(),
  ]);
  const entries = [...keys].map((key) => {
    const def = byKey.get(key);
    const counts = {
      notes: uses.notes.get(key)?.count ?? 0,
      tasks: uses.tasks.get(key)?.count ?? 0,
      captures: uses.captures.get(key)?.count ?? 0,
    };
    const name =
      uses.notes.get(key)?.name ??
      uses.tasks.get(key)?.name ??
      uses.captures.get(key)?.name ??
      def?.name ??
      key;
    const categoryId = def?.categoryId ?? null;
    const categoryName = categoryId === null ? null : (categories.get(categoryId) ?? null);
    return {
      order: def?.sortOrder ?? UNORDERED,
      entry: {
        name,
        count: counts.notes + counts.tasks + counts.captures,
        color: def?.color ?? null,
        icon: def?.icon ?? null,
        category_id: categoryName === null ? null : categoryId,
        category_name: categoryName,
        sort_order: 0,
        counts,
      },
    };
  });
  entries.sort((a, b) => a.order - b.order || tagKey(a.entry.name).localeCompare(tagKey(b.entry.name)));
  return entries.map((e, i) => ({ ...e.entry, sort_order: i }));
}

/** Rows in pinned-first order: the pinned ones in pin order, then the rest as given. */
export function pinnedFirst<T extends { id: string }>(rows: readonly T[], pinnedIds: readonly string[]): T[] {
  const at = new Map(pinnedIds.map((id, i) => [id, i]));
  const pinned = rows.filter((r) => at.has(r.id)).sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
  return [...pinned, ...rows.filter((r) => !at.has(r.id))];
}
