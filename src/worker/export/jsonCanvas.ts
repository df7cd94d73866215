import type { CanvasElement } from '../domain/canvas/canvasElement';

/**
 * Cairn canvases and JSON Canvas 1.0 (jsoncanvas.org, the `.canvas` files of Obsidian), both
 * ways. Pure functions: the caller resolves note ids and vault paths.
 *
 * Export (docs/backup.md "Canvases"): a note card is a `file` node pointing at the note's vault
 * path; a task or project card, a text and a shape are `text` nodes (their text); a frame is a
 * `group` (its text the label); an arrow or line bound at both ends is an edge (`toEnd` arrow or
 * none). An arrow loose at either end has no JSON Canvas form and is left out of the `.canvas`
 * (the backup's records keep it).
 * Import: `text` and `link` nodes become text elements, `file` nodes note cards when the file is
 * in the vault (else a text naming the file), groups frames, edges bound arrows or lines.
 */
export interface JsonCanvas {
  nodes: JsonCanvasNode[];
  edges: JsonCanvasEdge[];
}

export interface JsonCanvasNode {
  id: string;
  type: 'text' | 'file' | 'link' | 'group';
  x: number;
  y: number;
  width: number;
  height: number;
  color?: string;
  text?: string;
  file?: string;
  subpath?: string;
  url?: string;
  label?: string;
}

export interface JsonCanvasEdge {
  id: string;
  fromNode: string;
  toNode: string;
  fromSide?: string;
  toSide?: string;
  fromEnd?: 'none' | 'arrow';
  toEnd?: 'none' | 'arrow';
  color?: string;
  label?: string;
}

/** The six preset colours of JSON Canvas, as Obsidian shows them. */
const PRESETS: Record<string, string> = {
  '1': '#fb464c',
  '2': '#e9973f',
  '3': '#e0de71',
  '4': '#44cf6e',
  '5': '#53dfdd',
  '6': '#a882ff',
};

const colorOf = (e: CanvasElement) => {
  const c = e.type === 'frame' || e.type === 'text' ? e.strokeColor : (e.fillColor ?? e.strokeColor);
  return c && c !== 'transparent' ? { color: c } : {};
};

export function toJsonCanvas(
  elements: readonly CanvasElement[],
  notePath: (noteId: string) => string | null,
): JsonCanvas {
  const nodes: JsonCanvasNode[] = [];
  const edges: JsonCanvasEdge[] = [];
  const box = (e: CanvasElement) => ({ id: e.id, x: e.x, y: e.y, width: e.width, height: e.height });
  for (const e of elements) {
    if (e.type === 'arrow' || e.type === 'line') continue;
    if (e.type === 'frame') nodes.push({ ...box(e), type: 'group', label: e.text ?? '', ...colorOf(e) });
    else if (e.type === 'card' && e.entity_type === 'note' && e.entity_id && notePath(e.entity_id))
      nodes.push({ ...box(e), type: 'file', file: notePath(e.entity_id)!, ...colorOf(e) });
    else nodes.push({ ...box(e), type: 'text', text: e.text ?? '', ...colorOf(e) });
  }
  const ids = new Set(nodes.map((n) => n.id));
  for (const e of elements) {
    if (e.type !== 'arrow' && e.type !== 'line') continue;
    if (!e.startBinding || !e.endBinding || !ids.has(e.startBinding) || !ids.has(e.endBinding)) continue;
    edges.push({
      id: e.id,
      fromNode: e.startBinding,
      toNode: e.endBinding,
      fromEnd: 'none',
      toEnd: e.type === 'arrow' ? 'arrow' : 'none',
      ...(e.strokeColor && e.strokeColor !== 'transparent' ? { color: e.strokeColor } : {}),
      ...(e.text ? { label: e.text } : {}),
    });
  }
  return { nodes, edges };
}

const COORD_MAX = 1e7;
const TEXT_MAX = 10_000;
const clamp = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.max(-COORD_MAX, Math.min(COORD_MAX, v)) : 0;
const hex = (c: unknown): string | undefined => {
  if (typeof c !== 'string') return undefined;
  if (PRESETS[c]) return PRESETS[c];
  return /^#[0-9a-fA-F]{6}$/.test(c) ? c : undefined;
};
const idOf = (v: unknown, n: number) =>
  typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : `n${n}`;

/**
 * A `.canvas` file's text as Cairn elements; null when it is not JSON Canvas (not JSON, or no
 * `nodes`/`edges` arrays). `noteIdOf` resolves a file node's path (`Folder/Note.md`) to a note.
 */
export function fromJsonCanvas(
  text: string,
  noteIdOf: (path: string) => string | null,
): CanvasElement[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { nodes = [], edges = [] } = parsed as { nodes?: unknown; edges?: unknown };
  if (!Array.isArray(nodes) || !Array.isArray(edges)) return null;
  const out: CanvasElement[] = [];
  const centers = new Map<string, { x: number; y: number }>();
  for (const [i, raw] of nodes.entries()) {
    if (typeof raw !== 'object' || raw === null) continue;
    const n = raw as Record<string, unknown>;
    const base = {
      id: idOf(n.id, i),
      x: clamp(n.x),
      y: clamp(n.y),
      width: Math.abs(clamp(n.width)) || 250,
      height: Math.abs(clamp(n.height)) || 60,
    };
    const color = hex(n.color);
    centers.set(base.id, { x: base.x + base.width / 2, y: base.y + base.height / 2 });
    const text = (s: unknown) => (typeof s === 'string' ? s.slice(0, TEXT_MAX) : '');
    if (n.type === 'group') {
      out.push({ ...base, type: 'frame', text: text(n.label), ...(color ? { strokeColor: color } : {}) });
      continue;
    }
    if (n.type === 'file' && typeof n.file === 'string') {
      const noteId = noteIdOf(n.file);
      if (noteId) {
        out.push({
          ...base,
          type: 'card',
          entity_type: 'note',
          entity_id: noteId,
          ...(color ? { fillColor: color } : {}),
        });
        continue;
      }
      out.push({ ...base, type: 'text', text: text(n.file), ...(color ? { strokeColor: color } : {}) });
      continue;
    }
    const body = n.type === 'link' ? n.url : n.text;
    out.push({ ...base, type: 'text', text: text(body), ...(color ? { strokeColor: color } : {}) });
  }
  for (const [i, raw] of edges.entries()) {
    if (typeof raw !== 'object' || raw === null) continue;
    const e = raw as Record<string, unknown>;
    const from = typeof e.fromNode === 'string' ? centers.get(e.fromNode) : undefined;
    const to = typeof e.toNode === 'string' ? centers.get(e.toNode) : undefined;
    if (!from || !to) continue;
    const color = hex(e.color);
    out.push({
      id: idOf(e.id, nodes.length + i),
      type: e.toEnd === 'none' && e.fromEnd !== 'arrow' ? 'line' : 'arrow',
      x: from.x,
      y: from.y,
      width: to.x - from.x,
      height: to.y - from.y,
      startBinding: e.fromNode as string,
      endBinding: e.toNode as string,
      ...(typeof e.label === 'string' && e.label ? { text: e.label.slice(0, TEXT_MAX) } : {}),
      ...(color ? { strokeColor: color } : {}),
    });
  }
  // ids must be unique in a scene: a repeated one (a hand-edited file) keeps its first use
  const seen = new Set<string>();
  return out.filter((e) => !seen.has(e.id) && seen.add(e.id));
}
