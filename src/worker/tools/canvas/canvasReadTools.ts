import type { CanvasElement } from '../../domain/canvas/canvasElement';
import { ok } from '../../ops/result';
import { listCanvases, readCanvas, readCanvasElements } from '../catalog/readCanvasTools';
import { defineTool, jsonOutput, type ToolEnv } from '../defineTool';
import { utf8Length } from '../reply/jsonBytes';
import { type AgentElement, agentElement } from './agentElement';
import { resolveCanvas } from './resolveCanvas';

/** Replies stay under about 100 KB of text, like every other agent read. */
const TEXT_BUDGET = 100 * 1024;

/** Spec 4.1 vault_list_canvases: the list entries of spec 2.8 (the 500 most recently changed). */
export const listCanvasesTool = defineTool({
  spec: listCanvases,
  operations: ['canvas.list'],
  handler: async (_args, { registry, caller }) => {
    const listed = await registry.read('canvas.list', [{ limit: 500 }], { caller });
    if (!listed.ok) return listed;
    const rows = (listed.value as { canvases: Record<string, unknown>[] }).canvases;
    return ok(
      jsonOutput(
        rows.map(({ id, title, folder, path, updated_at, item_count }) => ({
          id,
          title,
          folder,
          path,
          updated_at,
          item_count,
        })),
      ),
    );
  },
});

const TITLE_SOURCES = {
  note: { operation: 'notes.get', key: 'title' },
  task: { operation: 'tasks.get', key: 'title' },
  project: { operation: 'tasks.getProject', key: 'name' },
} as const;

/** The title of a card's entity, read through the registry; null when it cannot be read. */
async function entityTitle(card: CanvasElement, env: ToolEnv): Promise<string | null> {
  if (card.entity_type === undefined || card.entity_id === undefined) return null;
  const source = TITLE_SOURCES[card.entity_type];
  if (env.registry.get(source.operation) === undefined) return card.text ?? null;
  const read = await env.registry.read(source.operation, [card.entity_id], { caller: env.caller });
  const title = read.ok ? (read.value as Record<string, unknown>)[source.key] : undefined;
  return typeof title === 'string' ? title : (card.text ?? null);
}

/** Spec 4.1 vault_read_canvas: what is on a canvas (entities with titles, texts), never geometry. */
export const readCanvasTool = defineTool({
  spec: readCanvas,
  operations: ['canvas.get', 'canvas.list'],
  handler: async ({ id }, env) => {
    const scene = await resolveCanvas(id, 'id', env);
    if (!scene.ok) return scene;
    const { elements } = scene.value;
    const items = [];
    for (const card of elements.filter((e) => e.type === 'card')) {
      items.push({
        element_id: card.id,
        entity_type: card.entity_type,
        entity_id: card.entity_id,
        title: await entityTitle(card, env),
      });
    }
    const texts: { element_id: string; type: string; text: string }[] = [];
    let used = 0;
    let truncated = false;
    for (const e of elements) {
      if (e.type === 'card' || e.text === undefined || e.text.trim() === '') continue;
      used += utf8Length(e.text);
      if (used > TEXT_BUDGET) {
        truncated = true;
        break;
      }
      texts.push({ element_id: e.id, type: e.type, text: e.text });
    }
    const { id: canvasId, title, created_at, updated_at } = scene.value;
    return ok(
      jsonOutput({
        id: canvasId,
        title,
        created_at,
        updated_at,
        items,
        texts,
        element_count: elements.length,
        texts_truncated: truncated,
      }),
    );
  },
});

/** Spec 4.1 vault_read_canvas_elements: every element with geometry, bindings and frame (about 100 KB at most). */
export const readCanvasElementsTool = defineTool({
  spec: readCanvasElements,
  operations: ['canvas.get', 'canvas.list'],
  handler: async ({ id }, env) => {
    const scene = await resolveCanvas(id, 'id', env);
    if (!scene.ok) return scene;
    const { elements } = scene.value;
    const kept: AgentElement[] = [];
    let used = 0;
    for (const e of elements.map(agentElement)) {
      used += utf8Length(JSON.stringify(e)) + 1;
      if (used > TEXT_BUDGET) break;
      kept.push(e);
    }
    return ok(
      jsonOutput({
        canvas_id: scene.value.id,
        elements: kept,
        element_count: elements.length,
        truncated: kept.length < elements.length,
      }),
    );
  },
});
