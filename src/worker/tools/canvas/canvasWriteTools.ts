import type { CanvasElement } from '../../domain/canvas/canvasElement';
import { fail, ok, type Result } from '../../ops/result';
import { addCanvasItem, drawOnCanvas, editCanvasElements } from '../catalog/canvasWriteTools';
import { defineTool, jsonOutput, type ToolEnv } from '../defineTool';
import { resolveCanvas } from './resolveCanvas';
import { changeElements } from './sceneChanges';
import { drawElements } from './sceneEdits';

const CANVAS_OPS = ['canvas.get', 'canvas.list', 'canvas.saveScene'] as const;
const newId = () => crypto.randomUUID();

/** Saves the scene through canvas.saveScene (pre-approved by the tool's own approval). */
async function save(
  canvasId: string,
  elements: CanvasElement[],
  env: ToolEnv,
): Promise<Result<{ element_count: number }>> {
  const saved = await env.registry.write('canvas.saveScene', [canvasId, elements], {
    caller: env.caller,
    approve: env.approve,
  });
  return saved.ok ? ok(saved.value as { element_count: number }) : saved;
}

/** Design in docs/agent-tools.md: new shapes, texts, arrows and frames; arrows bind by id or ref. */
export const drawOnCanvasTool = defineTool({
  spec: drawOnCanvas,
  operations: CANVAS_OPS,
  summarize: ({ canvas, elements }) => `Draw ${elements.length} element(s) on canvas ${canvas}`,
  handler: async ({ canvas, elements }, env) => {
    const scene = await resolveCanvas(canvas, 'canvas', env);
    if (!scene.ok) return scene;
    const drawn = drawElements(scene.value.elements, elements, newId);
    if (!drawn.ok) return drawn;
    const saved = await save(scene.value.id, drawn.value.elements, env);
    if (!saved.ok) {
      // A scene rule broken by a new element: name it by its place in `elements`.
      const at = /^elements\[(\d+)\]/.exec(saved.error.field ?? '');
      const index = at === null ? -1 : Number(at[1]) - scene.value.elements.length;
      const field =
        index >= 0 ? saved.error.field!.replace(/^elements\[\d+\]/, `elements[${index}]`) : 'canvas';
      return { ok: false, error: { ...saved.error, field } };
    }
    return ok(
      jsonOutput({
        canvas_id: scene.value.id,
        created: drawn.value.created,
        element_count: saved.value.element_count,
      }),
    );
  },
});

export const editCanvasElementsTool = defineTool({
  spec: editCanvasElements,
  operations: CANVAS_OPS,
  refine: ({ changes, delete_ids }) =>
    changes === undefined && delete_ids === undefined
      ? {
          code: 'VALIDATION',
          message: 'give changes, delete_ids or both',
          field: 'changes',
          expected: 'array (1..200 items)',
        }
      : null,
  summarize: ({ canvas, changes = [], delete_ids = [] }) =>
    `Edit ${changes.length} and delete ${delete_ids.length} element(s) on canvas ${canvas}`,
  preview: async ({ canvas, changes = [], delete_ids = [] }, env) => {
    const scene = await resolveCanvas(canvas, 'canvas', env);
    if (!scene.ok) return {};
    const changed = changeElements(scene.value.elements, changes, delete_ids);
    return changed.ok ? { diff: changed.value.diff.join('\n') } : {};
  },
  handler: async ({ canvas, changes = [], delete_ids = [] }, env) => {
    const scene = await resolveCanvas(canvas, 'canvas', env);
    if (!scene.ok) return scene;
    const changed = changeElements(scene.value.elements, changes, delete_ids);
    if (!changed.ok) return changed;
    const saved = await save(scene.value.id, changed.value.elements, env);
    if (!saved.ok) return { ok: false, error: { ...saved.error, field: 'changes' } };
    const { updated, deleted } = changed.value;
    return ok(
      jsonOutput({ canvas_id: scene.value.id, updated, deleted, element_count: saved.value.element_count }),
    );
  },
});

const ENTITY_READS = {
  note: ['notes.get', 'title'],
  task: ['tasks.get', 'title'],
  project: ['tasks.getProject', 'name'],
} as const;

export const addCanvasItemTool = defineTool({
  spec: addCanvasItem,
  operations: CANVAS_OPS,
  summarize: ({ canvas, entity_type, entity_id }) =>
    `Add a card for ${entity_type} ${entity_id} to canvas ${canvas}`,
  handler: async ({ canvas, entity_type, entity_id, x, y, width, height, frame_id }, env) => {
    const [operation, key] = ENTITY_READS[entity_type];
    let title: string | undefined;
    if (env.registry.get(operation) !== undefined) {
      const entity = await env.registry.read(operation, [entity_id], { caller: env.caller });
      if (!entity.ok)
        return fail('NOT_FOUND', `No ${entity_type} ${JSON.stringify(entity_id)}`, { field: 'entity_id' });
      const value = (entity.value as Record<string, unknown>)[key];
      title = typeof value === 'string' ? value : undefined;
    }
    const scene = await resolveCanvas(canvas, 'canvas', env);
    if (!scene.ok) return scene;
    const drawn = drawElements(
      scene.value.elements,
      [{ type: 'rectangle', x, y, width: width ?? 240, height: height ?? 120, frame_id }],
      newId,
    );
    if (!drawn.ok) return { ok: false, error: { ...drawn.error, field: 'frame_id' } };
    const card = {
      ...drawn.value.elements.at(-1)!,
      type: 'card' as const,
      entity_type,
      entity_id,
      ...(title === undefined ? {} : { text: title }),
    };
    const saved = await save(scene.value.id, [...drawn.value.elements.slice(0, -1), card], env);
    if (!saved.ok) return { ok: false, error: { ...saved.error, field: 'canvas' } };
    return ok(jsonOutput({ canvas_id: scene.value.id, element_id: card.id, entity_type, entity_id }));
  },
});
