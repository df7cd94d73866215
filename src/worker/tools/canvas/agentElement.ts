import type { CanvasElement } from '../../domain/canvas/canvasElement';

/**
 * An element as vault_read_canvas_elements gives it (spec 2.8: "each element has an id, type,
 * position, size, text, colors, arrow bindings and frame"): every one of those attributes on
 * every element, null where the stored element has none, so an agent reads one shape whatever
 * was drawn. Cards add `entity_type` and `entity_id`.
 */
export interface AgentElement {
  id: string;
  type: CanvasElement['type'];
  x: number;
  y: number;
  width: number;
  height: number;
  text: string | null;
  strokeColor: string | null;
  fillColor: string | null;
  startBinding: string | null;
  endBinding: string | null;
  frameId: string | null;
  entity_type?: 'note' | 'task' | 'project';
  entity_id?: string;
}

export function agentElement(e: CanvasElement): AgentElement {
  const element: AgentElement = {
    id: e.id,
    type: e.type,
    x: e.x,
    y: e.y,
    width: e.width,
    height: e.height,
    text: e.text ?? null,
    strokeColor: e.strokeColor ?? null,
    fillColor: e.fillColor ?? null,
    startBinding: e.startBinding ?? null,
    endBinding: e.endBinding ?? null,
    frameId: e.frameId ?? null,
  };
  if (e.entity_type !== undefined) element.entity_type = e.entity_type;
  if (e.entity_id !== undefined) element.entity_id = e.entity_id;
  return element;
}
