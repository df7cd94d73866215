import { createResource, onCleanup } from 'solid-js';
import type { GraphData } from '../../worker/domain/notes/graph';
import type { VaultClient } from '../vault/createVaultClient';

export interface GraphQuery {
  /** the note whose neighbourhood is shown; null: the whole vault */
  localOf: string | null;
  depth: number;
  includeUnresolved: boolean;
}

export type GraphAnswer = { ok: true; graph: GraphData } | { ok: false; message: string };

/**
 * The graph of the vault (graph.getData) or around one note (graph.getLocal), read again when
 * links or notes change (another tab, an import), at most every 0.5 s.
 */
export function createGraphData(client: VaultClient, query: () => GraphQuery) {
  const [data, { refetch }] = createResource(query, async (q): Promise<GraphAnswer> => {
    const options = { includeUnresolved: q.includeUnresolved };
    const res = q.localOf
      ? await client.api.read('graph.getLocal', [q.localOf, q.depth, options])
      : await client.api.read('graph.getData', [options]);
    return res.ok ? { ok: true, graph: res.value as GraphData } : { ok: false, message: res.error.message };
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  onCleanup(
    client.onChange((b) => {
      if (timer !== undefined || !b.changes.some((c) => c.table === 'links' || c.table === 'notes')) return;
      timer = setTimeout(() => {
        timer = undefined;
        void refetch();
      }, 500);
    }),
  );
  return data;
}
