import { connectorEnds } from '../../domain/canvas/arrowGeometry';
import type { CanvasElement } from '../../domain/canvas/canvasElement';
import type { OpError, Result } from '../../ops/result';

/** An element as vault_draw_on_canvas takes it (snake_case, optional geometry). */
export interface DrawSpec {
  ref?: string;
  type: 'rectangle' | 'ellipse' | 'diamond' | 'text' | 'arrow' | 'line' | 'frame';
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  text?: string;
  stroke_color?: string;
  background_color?: string;
  from?: string;
  to?: string;
  frame_id?: string;
}

const DEFAULT_SIZE: Record<DrawSpec['type'], [number, number]> = {
  rectangle: [160, 80],
  ellipse: [160, 80],
  diamond: [160, 100],
  text: [200, 40],
  arrow: [120, 0],
  line: [120, 0],
  frame: [480, 320],
};
const GAP = 40;
const CONNECTORS = new Set(['arrow', 'line']);

function refusal(field: string, message: string, expected?: string): { ok: false; error: OpError } {
  return {
    ok: false,
    error: { code: 'VALIDATION', message, field, ...(expected === undefined ? {} : { expected }) },
  };
}

/** Where new elements without a position go: a column right of everything already drawn. */
function freeColumn(elements: readonly CanvasElement[]): { x: number; y: number } {
  if (elements.length === 0) return { x: 0, y: 0 };
  return {
    x: Math.max(...elements.map((e) => e.x + Math.max(e.width, 0))) + GAP,
    y: Math.min(...elements.map((e) => e.y)),
  };
}

/** Sets a bound connector's stored geometry to the ends it is drawn with, so readers need no recomputation. */
export function settleConnectors(elements: CanvasElement[]): CanvasElement[] {
  const byId = new Map(elements.map((e) => [e.id, e]));
  return elements.map((e) => {
    if (!CONNECTORS.has(e.type) || (e.startBinding == null && e.endBinding == null)) return e;
    const [a, b] = connectorEnds(e, (id) => byId.get(id));
    return { ...e, x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  });
}

/**
 * vault_draw_on_canvas on a scene: new elements with fresh ids, `from`/`to` resolved to an
 * existing element id or the `ref` of one drawn earlier in the same call. Refusals name the
 * argument (`elements[2].to`). The final scene rules are checked again by canvas.saveScene.
 */
export function drawElements(
  scene: readonly CanvasElement[],
  specs: readonly DrawSpec[],
  newId: () => string,
): Result<{ elements: CanvasElement[]; created: { ref?: string; id: string; type: string }[] }> {
  const existing = new Set(scene.map((e) => e.id));
  const refs = new Map<string, string>();
  const created: { ref?: string; id: string; type: string }[] = [];
  const added: CanvasElement[] = [];
  let { x: nextX, y: nextY } = freeColumn(scene);
  for (const [i, spec] of specs.entries()) {
    const id = newId();
    if (spec.ref !== undefined) {
      if (refs.has(spec.ref))
        return refusal(
          `elements[${i}].ref`,
          `ref ${JSON.stringify(spec.ref)} is used twice`,
          'a ref unique in the call',
        );
      refs.set(spec.ref, id);
    }
    const target = (name: 'from' | 'to' | 'frame_id'): Result<string | null> => {
      const value = spec[name];
      if (value === undefined) return { ok: true, value: null };
      const resolved = refs.get(value) ?? (existing.has(value) ? value : undefined);
      return resolved === undefined
        ? refusal(
            `elements[${i}].${name}`,
            `no element or earlier ref ${JSON.stringify(value)}`,
            'an element id from vault_read_canvas_elements or an earlier ref',
          )
        : { ok: true, value: resolved };
    };
    const from = target('from');
    if (!from.ok) return from;
    const to = target('to');
    if (!to.ok) return to;
    const frame = target('frame_id');
    if (!frame.ok) return frame;
    if ((from.value !== null || to.value !== null) && !CONNECTORS.has(spec.type)) {
      return refusal(
        `elements[${i}].${from.value !== null ? 'from' : 'to'}`,
        'only arrows and lines connect elements',
        'absent on a shape',
      );
    }
    const [w, h] = DEFAULT_SIZE[spec.type];
    const element: CanvasElement = {
      id,
      type: spec.type,
      x: spec.x ?? nextX,
      y: spec.y ?? nextY,
      width: spec.width ?? w,
      height: spec.height ?? h,
      ...(spec.text === undefined ? {} : { text: spec.text }),
      ...(spec.stroke_color === undefined ? {} : { strokeColor: spec.stroke_color }),
      ...(spec.background_color === undefined ? {} : { fillColor: spec.background_color }),
      ...(from.value === null ? {} : { startBinding: from.value }),
      ...(to.value === null ? {} : { endBinding: to.value }),
      ...(frame.value === null ? {} : { frameId: frame.value }),
    };
    if (spec.y === undefined && spec.x === undefined) nextY = element.y + Math.max(element.height, 0) + GAP;
    added.push(element);
    created.push({ ...(spec.ref === undefined ? {} : { ref: spec.ref }), id, type: spec.type });
  }
  return { ok: true, value: { elements: settleConnectors([...scene, ...added]), created } };
}
