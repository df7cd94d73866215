import type { LinkReads } from '../../links/linkReads';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';

const OPTIONS = {
  type: 'object',
  additionalProperties: false,
  properties: {
    includeUnresolved: { type: 'boolean', description: 'unresolved targets as nodes "unresolved:<name>"' },
    hideOrphans: { type: 'boolean', description: 'leave out nodes without any edge' },
  },
} as const;

/** `graph.getData` and `graph.getLocal` (spec 4.4): nodes with degree, edges with link counts. */
export function graphOperations(links: LinkReads): Operation[] {
  return [
    defineOperation({
      name: 'graph.getData',
      summary: 'The link graph of the vault: notes and files as nodes, links as edges with counts',
      kind: 'read',
      params: [{ name: 'options', required: false, schema: OPTIONS }] as const,
      handler: async ([options]) => ok(await links.graph(options ?? {})),
    }),
    defineOperation({
      name: 'graph.getLocal',
      summary: "A note's neighbourhood up to depth links away (1..5, default 1), following links both ways",
      kind: 'read',
      params: [
        { name: 'id', required: true, schema: { type: 'string', minLength: 1 } },
        { name: 'depth', required: false, schema: { type: 'integer', minimum: 1, maximum: 5 } },
        { name: 'options', required: false, schema: OPTIONS },
      ] as const,
      handler: async ([id, depth, options]) => {
        const graph = await links.localGraph(id, depth ?? 1, options ?? {});
        return graph ? ok(graph) : fail('NOT_FOUND', `No note with id "${id}"`, { field: 'args[0]' });
      },
    }),
  ];
}
