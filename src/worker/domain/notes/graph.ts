import type { LinkStore } from './links/linkStore';
import type { NoteHeader } from './noteHeader';

/**
 * `graph.getData` and `graph.getLocal`: nodes are notes and files, an edge is "A links to B"
 * with the number of links (embeds count). Self-links are left out. Unresolved targets become
 * nodes with `id: "unresolved:<name>"` and `exists: false` only when asked for, as Obsidian's
 * "existing files only" toggle does.
 */
export interface GraphNode {
  id: string;
  title: string;
  folder_path: string | null;
  file_type: NoteHeader['file_type'] | null;
  exists: boolean;
  degree: number;
}

export interface GraphEdge {
  source: string;
  target: string;
  count: number;
}

export interface GraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface GraphOptions {
  includeUnresolved?: boolean;
  /** drop nodes without any edge */
  hideOrphans?: boolean;
}

const unresolvedId = (name: string) => `unresolved:${name}`;

export function getGraphData(
  headers: Iterable<NoteHeader>,
  links: LinkStore,
  options: GraphOptions = {},
): GraphData {
  const nodes = new Map<string, GraphNode>();
  for (const h of headers) nodes.set(h.id, nodeOf(h));
  const edges = new Map<string, GraphEdge>();
  for (const row of links.allLinks()) addEdge(nodes, edges, row, options);
  return finish(nodes, edges, options);
}

/**
 * The neighbourhood of one note up to `depth` (1..5) links away, following links both ways, with
 * every edge among the nodes shown (as Obsidian's local graph draws them).
 */
export function getLocalGraph(
  id: string,
  depth: number,
  links: LinkStore,
  header: (id: string) => NoteHeader | undefined,
  options: GraphOptions = {},
): GraphData {
  const nodes = new Map<string, GraphNode>();
  const start = header(id);
  if (!start) return { nodes: [], edges: [] };
  nodes.set(id, nodeOf(start));
  let frontier = [id];
  for (let level = 0; level < Math.max(1, Math.min(depth, 5)) && frontier.length > 0; level++) {
    const next: string[] = [];
    for (const current of frontier) {
      for (const row of [...links.outgoingOf(current), ...links.incomingOf(current)]) {
        const other = row.from_id === current ? row.to_id : row.from_id;
        if (other === null || nodes.has(other)) continue;
        const h = header(other);
        if (!h) continue;
        nodes.set(other, nodeOf(h));
        next.push(other);
      }
    }
    frontier = next;
  }
  const edges = new Map<string, GraphEdge>();
  for (const node of [...nodes.keys()]) {
    for (const row of links.outgoingOf(node)) addEdge(nodes, edges, row, options);
  }
  return finish(nodes, edges, options);
}

function nodeOf(h: NoteHeader): GraphNode {
  return {
    id: h.id,
    title: h.title,
    folder_path: h.folder_path,
    file_type: h.file_type,
    exists: true,
    degree: 0,
  };
}

function addEdge(
  nodes: Map<string, GraphNode>,
  edges: Map<string, GraphEdge>,
  row: { from_id: string; to_id: string | null; target: string },
  options: GraphOptions,
): void {
  if (row.to_id === row.from_id || !nodes.has(row.from_id)) return;
  let target = row.to_id;
  if (target === null) {
    if (!options.includeUnresolved || row.target === '') return;
    target = unresolvedId(row.target);
    if (!nodes.has(target)) {
      nodes.set(target, {
        id: target,
        title: row.target,
        folder_path: null,
        file_type: null,
        exists: false,
        degree: 0,
      });
    }
  } else if (!nodes.has(target)) return;
  const key = `${row.from_id}\u0000${target}`;
  const edge = edges.get(key);
  if (edge) edge.count++;
  else edges.set(key, { source: row.from_id, target, count: 1 });
}

function finish(
  nodes: Map<string, GraphNode>,
  edges: Map<string, GraphEdge>,
  options: GraphOptions,
): GraphData {
  for (const e of edges.values()) {
    const s = nodes.get(e.source);
    const t = nodes.get(e.target);
    if (s) s.degree++;
    if (t) t.degree++;
  }
  const list = [...nodes.values()].filter((n) => !options.hideOrphans || n.degree > 0);
  return { nodes: list, edges: [...edges.values()] };
}
