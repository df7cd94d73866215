import type { NoteRow, VaultDb } from '../../db/schema';
import type { CanvasElement } from '../../domain/canvas/canvasElement';
import { type CanvasRow, canvasPath } from '../../domain/canvas/canvasRecord';
import { liveCanvas } from '../../domain/trash/canvasTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import { contentAccessFor } from '../../tools/reply/omitFileContent';

const canvasKey = {
  name: 'canvasId',
  required: true,
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: 1200,
    description: 'canvas id, or its folder-qualified name Folder/Title',
  },
} as const;

/** A card placing a filed file: where it sits on the scene. */
function placementOf(e: CanvasElement) {
  return { elementId: e.id, x: e.x, y: e.y, width: e.width, height: e.height, frameId: e.frameId ?? null };
}

/** The asset entry: the filed file's metadata (never its bytes) and how to read it. */
function assetOf(row: NoteRow, cards: readonly CanvasElement[]) {
  return {
    id: row.id,
    title: row.title,
    folder: row.folderPath,
    fileType: row.fileType,
    mime: row.mime ?? null,
    size: row.size ?? null,
    href: `svc://note/${encodeURIComponent(row.id)}`,
    placements: cards.map(placementOf),
    contentOmitted: true as const,
    contentAccess: contentAccessFor(row.fileType, row.id),
  };
}

/** The scene's cards of notes-table entities, grouped by entity id in scene order. */
function noteCards(row: CanvasRow): Map<string, CanvasElement[]> {
  const out = new Map<string, CanvasElement[]>();
  for (const e of row.elements)
    if (e.type === 'card' && e.entity_type === 'note' && e.entity_id)
      out.set(e.entity_id, [...(out.get(e.entity_id) ?? []), e]);
  return out;
}

/**
 * canvas.listAssets / canvas.getAsset (spec 4.4), designed in docs/planning.md "Canvas assets and
 * the library": a canvas's ASSETS are the filed files (images, PDFs, audio, video) it shows as
 * cards, derived from the scene as it is stored, so they sync with the canvas record and the files
 * with the notes machinery; no new record, no new write. Cards of markdown notes, tasks and
 * projects are not assets. Bytes are never returned: `contentAccess` names the tool that reads
 * them (vault_view_file), as vault_desktop_read does for every filed file.
 */
export function canvasAssetOperations(db: VaultDb): Operation[] {
  const find = async (key: string): Promise<CanvasRow | undefined> =>
    liveCanvas(await db.canvases.get(key)) ??
    (await db.canvases.where('pathKey').equals(key.toLowerCase()).first());
  const noCanvas = (key: string) =>
    fail('NOT_FOUND', `no canvas ${JSON.stringify(key)}`, { field: 'canvasId' });

  /** The canvas's assets in scene order of their first card; files deleted since are left out. */
  async function assetsOf(row: CanvasRow) {
    const cards = noteCards(row);
    const rows = await db.notes.bulkGet([...cards.keys()]);
    return rows.flatMap((r) => (r && r.fileType !== 'markdown' ? [assetOf(r, cards.get(r.id) ?? [])] : []));
  }

  return [
    defineOperation({
      kind: 'read',
      name: 'canvas.listAssets',
      summary:
        'The filed files (images, PDFs, audio, video) a canvas shows as cards, with where each is placed; metadata only.',
      params: [canvasKey] as const,
      handler: async ([key]) => {
        const row = await find(key);
        if (!row) return noCanvas(key);
        const assets = await assetsOf(row);
        return ok({
          canvas_id: row.id,
          path: canvasPath(row.folder, row.title),
          assets,
          total: assets.length,
        });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'canvas.getAsset',
      summary: 'One filed file a canvas shows: its metadata, its placements and how to read its content.',
      params: [
        canvasKey,
        {
          name: 'assetId',
          required: true,
          schema: { type: 'string', minLength: 1, maxLength: 100, description: 'the filed file’s id' },
        },
      ] as const,
      handler: async ([key, assetId]) => {
        const row = await find(key);
        if (!row) return noCanvas(key);
        const cards = noteCards(row).get(assetId);
        const file = cards ? await db.notes.get(assetId) : undefined;
        if (!cards || !file || file.fileType === 'markdown')
          return fail(
            'NOT_FOUND',
            `canvas ${JSON.stringify(key)} shows no filed file ${JSON.stringify(assetId)}`,
            {
              field: 'assetId',
            },
          );
        return ok({ canvas_id: row.id, ...assetOf(file, cards) });
      },
    }),
  ];
}
