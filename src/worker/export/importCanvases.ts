import { MAX_ELEMENTS } from '../domain/canvas/canvasElement';
import { type CanvasRow, canvasPath, cardKeysOf } from '../domain/canvas/canvasRecord';
import { checkScene } from '../domain/canvas/checkScene';
import { tick } from '../domain/clock/vectorClock';
import { planImport, type Skipped } from '../domain/importExport/importPlan';
import type { ImportSource } from '../stores/importer';
import type { VaultServices } from '../vault/services';
import { fromJsonCanvas } from './jsonCanvas';

export const isCanvasFile = (path: string) => /\.canvas$/i.test(path);

export interface CanvasImport {
  created: { id: string; path: string }[];
  renamed: { path: string; as: string; reason: string }[];
  skipped: Skipped[];
}

/**
 * `.canvas` files (JSON Canvas 1.0: Obsidian's canvases) imported as Cairn canvases, after the
 * notes, so a file node names a note: `noteIdOf` resolves its path (`Folder/Note.md`, as in the
 * imported folder) to the note it became. Named like notes (planImport's rules, under
 * `targetFolder`); a canvas identical to the one at its name is skipped, a different one is kept
 * side by side (` 1`); a file that is not JSON Canvas is skipped with the reason.
 */
export async function importCanvasFiles(
  services: VaultServices,
  files: readonly ImportSource[],
  targetFolder: string,
  noteIdOf: (path: string) => string | null,
): Promise<CanvasImport> {
  const { db } = services;
  const out: CanvasImport = { created: [], renamed: [], skipped: [] };
  for (const src of files) {
    const planned = planImport([{ path: src.path.replace(/\.canvas$/i, '.md'), size: 0 }], targetFolder);
    const place = planned.items[0];
    if (!place) {
      out.skipped.push({
        path: src.path,
        reason: planned.skipped[0]?.reason ?? 'not a canvas Cairn can name',
      });
      continue;
    }
    const elements = fromJsonCanvas(await src.file.text(), noteIdOf);
    if (!elements) {
      out.skipped.push({ path: src.path, reason: 'not a JSON Canvas file' });
      continue;
    }
    if (elements.length > MAX_ELEMENTS || checkScene(elements)) {
      out.skipped.push({
        path: src.path,
        reason: checkScene(elements)?.message ?? `more than ${MAX_ELEMENTS} elements`,
      });
      continue;
    }
    const folder = place.folderPath;
    const same = await db.canvases
      .where('pathKey')
      .equals(canvasPath(folder, place.title).toLowerCase())
      .first();
    if (same && JSON.stringify(same.elements) === JSON.stringify(elements)) {
      out.skipped.push({ path: src.path, reason: 'identical to the one already in the vault' });
      continue;
    }
    let title = place.title;
    for (
      let n = 1;
      await db.canvases.where('pathKey').equals(canvasPath(folder, title).toLowerCase()).first();
      n++
    )
      title = `${place.title} ${n}`;
    const now = services.now();
    const row: CanvasRow = {
      id: services.newId(),
      title,
      folder,
      pathKey: canvasPath(folder, title).toLowerCase(),
      elements,
      cardKeys: cardKeysOf(elements),
      createdAt: src.lastModified ?? now,
      updatedAt: src.lastModified ?? now,
      clock: tick({}, services.deviceId),
    };
    await db.transaction('rw', [db.canvases], () => db.canvases.add(row));
    services.feed.committed([{ table: 'canvases', op: 'put', ids: [row.id] }]);
    out.created.push({ id: row.id, path: src.path });
    if (title !== place.title)
      out.renamed.push({
        path: src.path,
        as: canvasPath(folder, title),
        reason: `a different canvas "${place.title}" is already there; both are kept`,
      });
  }
  return out;
}
