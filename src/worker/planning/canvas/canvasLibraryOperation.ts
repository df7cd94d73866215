import type { VaultDb } from '../../db/schema';
import type { CanvasElement } from '../../domain/canvas/canvasElement';
import { canvasPath } from '../../domain/canvas/canvasRecord';
import { isTrashedCanvas } from '../../domain/trash/canvasTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok } from '../../ops/result';

/** Groups a reply lists by default; a vault's canvases rarely hold more named frames. */
export const LIBRARY_LIMIT = 200;

/** The element types a group holds, with their counts (what the library shows of a group). */
function typeCounts(elements: readonly CanvasElement[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of elements) out[e.type] = (out[e.type] ?? 0) + 1;
  return out;
}

export interface LibraryGroup {
  /** `<canvas id>/<frame id>` */
  id: string;
  name: string;
  canvas_id: string;
  canvas_path: string;
  frame_id: string;
  width: number;
  height: number;
  element_count: number;
  types: Record<string, number>;
}

/**
 * canvas.libraryList (spec 4.4), designed in docs/planning.md "Canvas assets and the library":
 * the user's LIBRARY of reusable element groups is every NAMED FRAME across the vault's canvases
 * (a frame whose text is not blank, with the elements whose frameId names it). Putting elements in
 * a frame and titling it is how a group is saved; it syncs with its canvas, and no new record or
 * write exists. Groups are listed by name, then canvas path; the scene itself is read with
 * canvas.get. The editor's Library panel inserts a copy through canvas.saveScene (copyGroup in
 * domain/canvas); spec 4.5 has no insert tool, so agents get none. One pass over the canvases table (a vault holds tens of canvases, not thousands).
 */
export function canvasLibraryOperation(db: VaultDb): Operation {
  return defineOperation({
    kind: 'read',
    name: 'canvas.libraryList',
    summary:
      'Every named frame on every canvas (the element groups a user titled), with its element count and types. The Library panel of the canvas editor inserts copies of them; for agents it is a list to read.',
    params: [
      {
        name: 'options',
        required: false,
        schema: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 1000 } },
          additionalProperties: false,
        },
      },
    ] as const,
    handler: async ([o]) => {
      const groups: LibraryGroup[] = [];
      await db.canvases.each((row) => {
        if (isTrashedCanvas(row)) return; // docs/trash.md
        for (const frame of row.elements) {
          const name = frame.type === 'frame' ? frame.text?.trim() : '';
          if (!name) continue;
          const members = row.elements.filter((e) => e.frameId === frame.id);
          groups.push({
            id: `${row.id}/${frame.id}`,
            name,
            canvas_id: row.id,
            canvas_path: canvasPath(row.folder, row.title),
            frame_id: frame.id,
            width: frame.width,
            height: frame.height,
            element_count: members.length,
            types: typeCounts(members),
          });
        }
      });
      groups.sort((a, b) => a.name.localeCompare(b.name) || a.canvas_path.localeCompare(b.canvas_path));
      return ok({ groups: groups.slice(0, o?.limit ?? LIBRARY_LIMIT), total: groups.length });
    },
  });
}
