import type { CanvasElement } from '../../domain/canvas/canvasElement';
import { fail, ok, type Result } from '../../ops/result';
import type { ToolEnv } from '../defineTool';

/** What canvas.get answers: the list entry plus the scene. */
export interface CanvasScene {
  id: string;
  title: string;
  folder: string | null;
  path: string;
  updated_at: number;
  created_at: number;
  elements: CanvasElement[];
}

interface ListEntry {
  id: string;
  title: string;
  path: string;
}

/** canvas.list reads at most this many canvases: the most a bare title is looked up among. */
const LIST_LIMIT = 500;

/**
 * Spec 4.1 canvas addressing: a canvas id or a folder-qualified name (canvas.get resolves both);
 * a bare title is then looked up among the canvases, and one that names several is refused with
 * AMBIGUOUS and the candidates `{id, path}` (spec 7). `field` is the argument that named it.
 */
export async function resolveCanvas(
  address: string,
  field: string,
  env: ToolEnv,
): Promise<Result<CanvasScene>> {
  const { registry, caller } = env;
  const direct = await registry.read('canvas.get', [address], { caller });
  if (direct.ok) return ok(direct.value as CanvasScene);
  if (direct.error.code !== 'NOT_FOUND' || address.includes('/'))
    return { ok: false, error: { ...direct.error, field } };
  const listed = await registry.read('canvas.list', [{ limit: LIST_LIMIT }], { caller });
  if (!listed.ok) return listed;
  const wanted = address.toLowerCase();
  const matches = (listed.value as { canvases: ListEntry[] }).canvases.filter(
    (c) => c.title.toLowerCase() === wanted,
  );
  if (matches.length > 1) {
    return fail(
      'AMBIGUOUS',
      `${matches.length} canvases are titled ${JSON.stringify(address)}; name one by id or Folder/Title`,
      {
        field,
        candidates: matches.map((c) => ({ id: c.id, path: c.path })),
      },
    );
  }
  if (matches.length === 0) return fail('NOT_FOUND', `No canvas ${JSON.stringify(address)}`, { field });
  const found = await registry.read('canvas.get', [matches[0]!.id], { caller });
  return found.ok ? ok(found.value as CanvasScene) : { ok: false, error: { ...found.error, field } };
}
