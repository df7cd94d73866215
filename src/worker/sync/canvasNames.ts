import type { VaultDb } from '../db/schema';
import type { CanvasRow } from '../domain/canvas/canvasRecord';

/**
 * Two devices may each create a canvas with the same folder and title; the unique `pathKey`
 * index would then refuse the pulled one and abort the whole slice. The clash is settled the
 * same way on every device, locally: the canvas with the larger id keeps its title but indexes
 * under `<pathKey>#<id>` (pathKey is never synced, so this changes nothing on the wire). Runs in
 * the pulled transaction, before `incoming` is stored.
 */
export async function settleCanvasName(db: VaultDb, incoming: Record<string, unknown>): Promise<void> {
  const id = String(incoming.id);
  const base = String(incoming.pathKey);
  const other = (await db.canvases.where('pathKey').equals(base).first()) as CanvasRow | undefined;
  if (!other || other.id === id) return;
  if (id > other.id) incoming.pathKey = `${base}#${id}`;
  else await db.canvases.put({ ...other, pathKey: `${base}#${other.id}` });
}
