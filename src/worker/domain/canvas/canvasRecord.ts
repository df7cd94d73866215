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
  createdAt: number;
  updatedAt: number;
  clock: VectorClock;
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
