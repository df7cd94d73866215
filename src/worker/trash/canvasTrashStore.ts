import type { CanvasRow } from '../domain/canvas/canvasRecord';
import { canvasPath } from '../domain/canvas/canvasRecord';
import { tick } from '../domain/clock/vectorClock';
import { fromTrashedCanvas, isTrashedCanvas, type TrashedCanvasRow } from '../domain/trash/canvasTrash';
import { purgeDue } from '../domain/trash/noteTrash';
import { PlanningFailure, writeTx } from '../planning/writeTx';
import type { VaultServices } from '../vault/services';

/** A canvas in the Trash as the Trash view lists it. */
export interface TrashedCanvasEntry {
  kind: 'canvas';
  id: string;
  title: string;
  folderPath: string;
  trashedAt: number;
}

/**
 * The canvases half of the Trash (docs/trash.md): list, restore (in its folder, under
 * `Title (restored)` when its name was taken meanwhile), and `purge`, the real delete whose
 * tombstone syncs (what `canvas.delete` did before the Trash).
 */
export function canvasTrash(services: VaultServices) {
  const { db } = services;
  const trashedRows = async () =>
    (await db.canvases.filter((c) => isTrashedCanvas(c)).toArray()) as unknown as TrashedCanvasRow[];

  async function freeTitle(folder: string, title: string): Promise<string> {
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? title : `${title} (restored${n === 1 ? '' : ` ${n}`})`;
      const key = canvasPath(folder, candidate).toLowerCase();
      if (!(await db.canvases.where('pathKey').equals(key).first())) return candidate;
    }
  }

  return {
    async list(): Promise<TrashedCanvasEntry[]> {
      return (await trashedRows()).map((r) => ({
        kind: 'canvas',
        id: r.id,
        title: r.title,
        folderPath: r.folder,
        trashedAt: r.trashedAt,
      }));
    },

    restore(id: string) {
      return writeTx(services, [db.canvases], async (changes) => {
        const row = await db.canvases.get(id);
        if (!isTrashedCanvas(row))
          throw new PlanningFailure({
            code: 'NOT_FOUND',
            message: `No canvas "${id}" in the Trash.`,
            field: 'id',
          });
        const back = fromTrashedCanvas(row, await freeTitle(row.folder, row.title), services.deviceId);
        await db.canvases.put(back);
        changes.push({ table: 'canvases', op: 'put', ids: [id] });
        return { restored: [{ id, title: back.title, folderPath: back.folder }] };
      });
    },

    /** Deletes these trashed canvases for good; answers the ids deleted. */
    async purge(ids: readonly string[]): Promise<string[]> {
      const done = await writeTx(services, [db.canvases, db.tombstones], async (changes) => {
        const rows = (await db.canvases.bulkGet([...ids])).filter((r): r is CanvasRow => isTrashedCanvas(r));
        const at = new Date(services.now()).toISOString();
        for (const row of rows) {
          await db.canvases.delete(row.id);
          await db.tombstones.put({
            id: row.id,
            kind: 'canvas',
            clock: tick(row.clock, services.deviceId),
            deletedAt: at,
          });
        }
        changes.push({ table: 'canvases', op: 'delete', ids: rows.map((r) => r.id) });
        return rows.map((r) => r.id);
      });
      return done.ok ? done.value : [];
    },

    async trashedIds(which: { dueAt?: number } = {}): Promise<string[]> {
      return (await trashedRows())
        .filter((r) => which.dueAt === undefined || purgeDue(r.trashedAt, which.dueAt))
        .map((r) => r.id);
    },
  };
}

export type CanvasTrash = ReturnType<typeof canvasTrash>;
