import type { FolderView, ViewFilter } from '../../worker/ops/folderView/folderViewSchemas';
import type { NoteEntry } from '../../worker/ops/notes/noteShape';
import { nameKeyOf } from '../../worker/ops/properties/propertyRules';

/** One row of a folder table: a note entry with its frontmatter properties (folderView.listWithProperties). */
export interface FolderNote extends NoteEntry {
  properties: Record<string, unknown>;
}

export type SortSpec = NonNullable<FolderView['sort']>;

/** A filter the table applies to the rows it has: a property whose text contains `text` (saved with a view). */
export type RowFilter = ViewFilter;

/** Columns a view may sort by besides the properties. */
export const BUILT_IN_SORTS = ['title', 'created', 'modified'] as const;

/**
 * The frontmatter key of `row` that holds property `name`. Keys compare case-insensitively (as
 * property definitions do), so a `Status` column shows a note's `status:`.
 */
export function keyOf(row: FolderNote, name: string): string | undefined {
  if (name in row.properties) return name;
  const want = nameKeyOf(name);
  return Object.keys(row.properties).find((k) => nameKeyOf(k) === want);
}

export function propertyValue(row: FolderNote, name: string): unknown {
  if (name === 'title' || name === 'created' || name === 'modified') return row[name];
  const key = keyOf(row, name);
  return key === undefined ? undefined : row.properties[key];
}

/** A value as the text a cell shows and a filter matches: lists joined by commas, empty for null. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

const text = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return text.compare(cellText(a), cellText(b));
}

/**
 * Rows in the order of `sort`: empty values always last (in either direction, as Obsidian and
 * Notion place them), ties by title so the order never depends on the order rows arrived in.
 */
export function sortRows(rows: readonly FolderNote[], sort: SortSpec | undefined): FolderNote[] {
  const by = sort?.property ?? 'title';
  const sign = sort?.direction === 'desc' ? -1 : 1;
  return [...rows].sort((x, y) => {
    const a = propertyValue(x, by);
    const b = propertyValue(y, by);
    const ea = isEmpty(a);
    const eb = isEmpty(b);
    if (ea !== eb) return ea ? 1 : -1;
    const c = ea ? 0 : sign * compareValues(a, b);
    return c !== 0 ? c : text.compare(x.title, y.title) || x.id.localeCompare(y.id);
  });
}

/** Rows whose `filter.property` text contains `filter.text` (case-insensitive); all rows for an empty text. */
export function filterRows(rows: readonly FolderNote[], filter: RowFilter | null): FolderNote[] {
  const needle = filter?.text.trim().toLocaleLowerCase() ?? '';
  if (!filter || needle === '') return [...rows];
  return rows.filter((r) => cellText(propertyValue(r, filter.property)).toLocaleLowerCase().includes(needle));
}

/**
 * What a text edit of an untyped property should store: the kind the cell held before. A list
 * stays a list (split at commas), a number stays a number when the text is one, a boolean stays a
 * boolean for true/false; anything else is the text. Empty text empties the property (null).
 */
export function coerceLike(previous: unknown, next: string | null): unknown {
  if (next === null || next.trim() === '') return null;
  if (Array.isArray(previous))
    return next
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  if (typeof previous === 'number' && Number.isFinite(Number(next))) return Number(next);
  if (typeof previous === 'boolean' && (next === 'true' || next === 'false')) return next === 'true';
  return next;
}
