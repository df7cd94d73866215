import type { VectorClock } from '../clock/vectorClock';
import type { CanvasElement } from './canvasElement';

/** A canvas as stored: its scene is one array (a scene is edited and saved as a whole). */
export interface CanvasRow {
  id: string;
  title: string;
  /** folder path, '' at the root */
  folder: string;
  /** lower-cased `folder/title`: the unique, folder-qualified name */
  pathKey: string;
  elements: CanvasElement[];
  /**
   * `type:id` of each entity with a card on the scene (`cardKeysOf`): the index behind a task's
   * linkedCanvasIds and tasks.listForItem. Derived, local (never synced: recomputed on apply);
   * absent on rows written before schema v17 until its upgrade.
   */
  cardKeys?: string[];
  createdAt: number;
  updatedAt: number;
  clock: VectorClock;
}

/** The entities a scene holds cards of, as `type:id`, unique, in scene order. */
export function cardKeysOf(elements: readonly CanvasElement[]): string[] {
  const keys = new Set<string>();
  for (const e of elements)
    if (e.type === 'card' && e.entity_type && e.entity_id) keys.add(`${e.entity_type}:${e.entity_id}`);
  return [...keys];
}

export const canvasPath = (folder: string, title: string) => (folder === '' ? title : `${folder}/${title}`);

/** The list entry of spec 2.8. */
export function toCanvasListEntry(row: CanvasRow) {
  return {
    id: row.id,
    title: row.title,
    folder: row.folder === '' ? null : row.folder,
    path: canvasPath(row.folder, row.title),
    updated_at: row.updatedAt,
    item_count: row.elements.filter((e) => e.type === 'card').length,
    element_count: row.elements.length,
  };
}
