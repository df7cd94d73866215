import type { LayoutEdge } from './forceLayout';

/**
 * The order in which nodes take the places of the starting spiral (innermost first): each linked
 * group breadth-first from its best-linked node, bigger groups first, then the unlinked nodes.
 * Linked nodes so start near each other and hubs start central, which is most of the work the
 * forces would otherwise do; ties go by index, so the order (and the layout) is deterministic.
 */
export function spiralOrder(n: number, edges: readonly LayoutEdge[]): Int32Array {
  const degree = new Int32Array(n);
  for (const e of edges) {
    degree[e.source] = (degree[e.source] as number) + 1;
    degree[e.target] = (degree[e.target] as number) + 1;
  }
  // Adjacency in compressed rows: the neighbours of i are adj[start[i] .. start[i + 1]).
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = (start[i] as number) + (degree[i] as number);
  const adj = new Int32Array(start[n] as number);
  const fill = start.slice(0, n);
  for (const e of edges) {
    adj[(fill[e.source] as number)++] = e.target;
    adj[(fill[e.target] as number)++] = e.source;
  }
  const seeds = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (degree[b] as number) - (degree[a] as number) || a - b,
  );
  const seen = new Uint8Array(n);
  const groups: Int32Array[] = [];
  const queue = new Int32Array(n);
  for (const seed of seeds) {
    if (seen[seed]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    seen[seed] = 1;
    while (head < tail) {
      const v = queue[head++] as number;
      for (let k = start[v] as number; k < (start[v + 1] as number); k++) {
        const w = adj[k] as number;
        if (!seen[w]) {
          seen[w] = 1;
          queue[tail++] = w;
        }
      }
    }
    groups.push(queue.slice(0, tail));
  }
  // Stable: equal sizes keep the order of their seeds.
  groups.sort((a, b) => b.length - a.length);
  const order = new Int32Array(n);
  let at = 0;
  for (const g of groups) {
    order.set(g, at);
    at += g.length;
  }
  return order;
}
