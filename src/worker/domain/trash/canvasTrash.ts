import { type CanvasRow, canvasPath, cardKeysOf } from '../canvas/canvasRecord';
import { tick } from '../clock/vectorClock';

/**
 * A canvas in the Trash (docs/trash.md): the row stays in `canvases` (it syncs as the same
 * record) with `trashedAt` (epoch ms) and its `updatedAt` set aside in `trashedUpdatedAt`; its
 * derived `pathKey` and `cardKeys` are dropped. IndexedDB leaves a row out of an index whose key
 * is missing, so the list (`updatedAt`), name look-ups and clashes (`pathKey`) and a task's
 * canvases (`cardKeys`) skip it with no filter of their own; reads by id check `liveCanvas`.
 */
export type TrashedCanvasRow = Omit<CanvasRow, 'pathKey' | 'cardKeys' | 'updatedAt'> & {
  trashedAt: number;
  trashedUpdatedAt: number;
};

export const isTrashedCanvas = (row: unknown): row is TrashedCanvasRow =>
  typeof (row as { trashedAt?: unknown } | null | undefined)?.trashedAt === 'number';

/** The live canvas, or undefined for a trashed or missing one. */
export function liveCanvas<T extends CanvasRow>(row: T | undefined): T | undefined {
  return row && !isTrashedCanvas(row) ? row : undefined;
}

/** The row as kept in the Trash, its clock ticked (a trash is an update of the record). */
export function toTrashedCanvas(row: CanvasRow, at: number, deviceId: string): TrashedCanvasRow {
  const { pathKey: _p, cardKeys: _c, updatedAt, ...rest } = row;
  return { ...rest, trashedAt: at, trashedUpdatedAt: updatedAt, clock: tick(row.clock, deviceId) };
}

/** The live row again under `title` (the caller picks a free name), its clock ticked. */
export function fromTrashedCanvas(row: TrashedCanvasRow, title: string, deviceId: string): CanvasRow {
  const { trashedAt: _a, trashedUpdatedAt, ...rest } = row;
  return {
    ...rest,
    title,
    pathKey: canvasPath(row.folder, title).toLowerCase(),
    cardKeys: cardKeysOf(row.elements),
    updatedAt: trashedUpdatedAt,
    clock: tick(row.clock, deviceId),
  };
}
