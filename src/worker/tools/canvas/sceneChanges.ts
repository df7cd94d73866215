import type { CanvasElement } from '../../domain/canvas/canvasElement';
import type { OpError, Result } from '../../ops/result';
import { settleConnectors } from './sceneEdits';

/** A change as vault_edit_canvas_elements takes it: only the fields given change; null unbinds. */
export interface ElementChange {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  text?: string;
  stroke_color?: string;
  background_color?: string;
  from?: string | null;
  to?: string | null;
  frame_id?: string | null;
}

function refusal(field: string, message: string): { ok: false; error: OpError } {
  return {
    ok: false,
    error: { code: 'VALIDATION', message, field, expected: 'an element id from vault_read_canvas_elements' },
  };
}

/** The scene field each change argument sets. */
const FIELDS = {
  x: 'x',
  y: 'y',
  width: 'width',
  height: 'height',
  text: 'text',
  stroke_color: 'strokeColor',
  background_color: 'fillColor',
  from: 'startBinding',
  to: 'endBinding',
  frame_id: 'frameId',
} as const;

/**
 * vault_edit_canvas_elements on a scene: changes by element id, then deletions; arrows bound to a
 * deleted element are unbound (kept where they were drawn), elements in a deleted frame leave it.
 * Also returns a `- before / + after` line per changed field, for the approval dialog.
 */
export function changeElements(
  scene: readonly CanvasElement[],
  changes: readonly ElementChange[],
  deleteIds: readonly string[],
): Result<{ elements: CanvasElement[]; updated: string[]; deleted: string[]; diff: string[] }> {
  const byId = new Map(scene.map((e) => [e.id, { ...e }]));
  const diff: string[] = [];
  for (const [i, change] of changes.entries()) {
    const element = byId.get(change.id);
    if (element === undefined) return refusal(`changes[${i}].id`, `no element ${JSON.stringify(change.id)}`);
    for (const [arg, field] of Object.entries(FIELDS) as [
      keyof typeof FIELDS,
      (typeof FIELDS)[keyof typeof FIELDS],
    ][]) {
      const value = change[arg];
      if (value === undefined) continue;
      const before = element[field];
      (element as Record<string, unknown>)[field] = value;
      diff.push(`${change.id}.${arg}: - ${JSON.stringify(before ?? null)} + ${JSON.stringify(value)}`);
    }
  }
  for (const [i, id] of deleteIds.entries()) {
    if (!byId.has(id)) return refusal(`delete_ids[${i}]`, `no element ${JSON.stringify(id)}`);
    diff.push(`${id}: deleted`);
  }
  const gone = new Set(deleteIds);
  const kept = [...byId.values()]
    .filter((e) => !gone.has(e.id))
    .map((e) => ({
      ...e,
      ...(e.startBinding != null && gone.has(e.startBinding) ? { startBinding: null } : {}),
      ...(e.endBinding != null && gone.has(e.endBinding) ? { endBinding: null } : {}),
      ...(e.frameId != null && gone.has(e.frameId) ? { frameId: null } : {}),
    }));
  return {
    ok: true,
    value: { elements: settleConnectors(kept), updated: changes.map((c) => c.id), deleted: [...gone], diff },
  };
}
