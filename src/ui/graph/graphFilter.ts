import type { GraphData, GraphNode } from '../../worker/domain/notes/graph';

/**
 * What the graph shows beyond what graph.getData/getLocal filter themselves (unresolved targets
 * and orphans are the operations' options): a folder and its sub-folders, filed files or not.
 * Applied on the client because the operations do not take them.
 */
export interface GraphFilter {
  /** show only notes in this folder and below ('' every folder) */
  folder: string;
  showFiles: boolean;
  hideOrphans: boolean;
}

const inFolder = (n: GraphNode, folder: string) =>
  folder === '' || n.folder_path === folder || (n.folder_path?.startsWith(`${folder}/`) ?? false);

/**
 * The nodes and edges that pass `filter`, degrees counted again among them. An unresolved target
 * (no folder) stays when a shown note links to it. `keep` (the open note) always stays.
 */
export function filterGraph(data: GraphData, filter: GraphFilter, keep?: string): GraphData {
  const passes = (n: GraphNode) =>
    n.id === keep ||
    (n.exists ? inFolder(n, filter.folder) && (filter.showFiles || n.file_type === 'markdown') : true);
  const shown = new Map(data.nodes.filter(passes).map((n) => [n.id, { ...n, degree: 0 }]));
  const edges = data.edges.filter((e) => {
    const s = shown.get(e.source);
    const t = shown.get(e.target);
    // An unresolved node counts as shown only through an edge from a shown note.
    return s !== undefined && t !== undefined && s.exists;
  });
  for (const e of edges) {
    (shown.get(e.source) as GraphNode).degree++;
    (shown.get(e.target) as GraphNode).degree++;
  }
  const nodes = [...shown.values()].filter(
    (n) => n.id === keep || (n.exists ? !filter.hideOrphans || n.degree > 0 : n.degree > 0),
  );
  return { nodes, edges };
}

/** The folders of the graph's notes, each with its parents, sorted: the folder filter's choices. */
export function foldersOf(data: GraphData): string[] {
  const all = new Set<string>();
  for (const n of data.nodes) {
    const parts = (n.folder_path ?? '').split('/').filter((p) => p !== '');
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('/'));
  }
  return [...all].sort((a, b) => a.localeCompare(b));
}
