import type { FolderConfig, FolderView } from '../../worker/ops/folderView/folderViewSchemas';
import { nameKeyOf } from '../../worker/ops/properties/propertyRules';

/** A property used in the folder (folderView.getAvailableProperties). */
export interface AvailableProperty {
  name: string;
  type: string | null;
  count: number;
}

/**
 * The view shown when a folder has no saved view (or none chosen): every property used in the
 * folder except the config's hidden ones. It is not stored; "New view" saves a copy.
 */
export const ALL_PROPERTIES: FolderView = { id: '', name: 'All properties', type: 'table' };

/** The property columns a view shows, in order: its own list, or every available one not hidden. */
export function columnsOf(
  view: FolderView,
  available: readonly AvailableProperty[],
  config: FolderConfig,
): string[] {
  if (view.columns) return [...view.columns];
  const hidden = new Set((config.hiddenProperties ?? []).map(nameKeyOf));
  return available.map((p) => p.name).filter((n) => !hidden.has(nameKeyOf(n)));
}

/**
 * The columns with `name` shown or not. A shown column keeps its place; a newly shown one goes
 * where it stands among the available properties, so toggling off and on restores the order.
 */
export function toggleColumn(
  columns: readonly string[],
  name: string,
  shown: boolean,
  available: readonly AvailableProperty[],
): string[] {
  const key = nameKeyOf(name);
  const rest = columns.filter((c) => nameKeyOf(c) !== key);
  if (!shown) return rest;
  const order = available.map((p) => nameKeyOf(p.name));
  const at = order.indexOf(key);
  if (at === -1) return [...rest, name];
  const before = rest.findIndex((c) => {
    const i = order.indexOf(nameKeyOf(c));
    return i === -1 || i > at;
  });
  return before === -1 ? [...rest, name] : [...rest.slice(0, before), name, ...rest.slice(before)];
}

/** The view chosen on open: the config's default view when it still exists, else the first saved one. */
export function initialView(views: readonly FolderView[], config: FolderConfig): FolderView {
  return views.find((v) => v.id === config.defaultView) ?? views[0] ?? ALL_PROPERTIES;
}
