import type { CanvasElement } from './canvasElement';

export interface SceneProblem {
  code: 'VALIDATION';
  message: string;
  field: string;
}

const CONNECTORS = new Set(['arrow', 'line']);

/**
 * The rules a schema cannot state: unique ids; bindings only on arrows and lines, to elements
 * of the scene that are not themselves connectors; frame ids naming frames; cards carrying both
 * `entity_type` and `entity_id`. Answers the first problem, naming the element's index.
 */
export function checkScene(elements: readonly CanvasElement[]): SceneProblem | null {
  const byId = new Map<string, CanvasElement>();
  for (const [i, e] of elements.entries()) {
    if (byId.has(e.id)) return problem(i, 'id', `element id ${JSON.stringify(e.id)} appears twice`);
    byId.set(e.id, e);
  }
  for (const [i, e] of elements.entries()) {
    for (const end of ['startBinding', 'endBinding'] as const) {
      const target = e[end];
      if (target == null) continue;
      if (!CONNECTORS.has(e.type)) return problem(i, end, 'only arrows and lines are bound');
      const bound = byId.get(target);
      if (!bound) return problem(i, end, `no element ${JSON.stringify(target)} to bind to`);
      if (CONNECTORS.has(bound.type) || bound.id === e.id)
        return problem(i, end, 'an arrow binds to a shape, not to a connector');
    }
    if (e.frameId != null && byId.get(e.frameId)?.type !== 'frame')
      return problem(i, 'frameId', `no frame ${JSON.stringify(e.frameId)} in the scene`);
    if (e.type === 'card' && (e.entity_type === undefined || e.entity_id === undefined))
      return problem(i, 'entity_id', 'a card needs entity_type and entity_id');
  }
  return null;
}

function problem(index: number, key: string, message: string): SceneProblem {
  return { code: 'VALIDATION', message, field: `elements[${index}].${key}` };
}
