import type { SearchIndex } from '../../search/searchIndex';
import { FILE_TYPES } from '../../search/searchTypes';
import { defineOperation, type Operation } from '../defineOperation';
import { ok } from '../result';

/**
 * What the search operations need of the vault's full-text index (src/worker/search): queries
 * run in order with updates, so a query never sees a half-applied one.
 */
export type SearchPort = Pick<SearchIndex, 'query' | 'quick' | 'stats'>;

const QUERY = { type: 'string', minLength: 1, maxLength: 1000 } as const;

/** The search reads of spec 4.4 that the index answers today (search.query, quick, getStats). */
export function searchOperations(index: SearchPort): Operation[] {
  return [
    defineOperation({
      name: 'search.query',
      summary: 'Full-text search over notes and filed files, with <mark> snippets, best first',
      kind: 'read',
      params: [
        { name: 'query', required: true, schema: QUERY },
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            additionalProperties: false,
            properties: {
              limit: { type: 'integer', minimum: 1, maximum: 50 },
              folder: { type: 'string', description: 'only this folder and below it' },
              file_types: {
                type: 'array',
                minItems: 1,
                maxItems: FILE_TYPES.length,
                items: { enum: FILE_TYPES },
              },
              fuzzy: { type: 'boolean' },
              prefix: { type: 'boolean' },
            },
          },
        },
      ] as const,
      handler: async ([query, options]) => {
        const hits = await index.query({ ...options, query });
        if (hits.ok) return ok(hits.value);
        // The index names its own fields (`query`, `limit`); say where they are in the args.
        const field = hits.error.field === 'query' ? 'args[0]' : `args[1].${hits.error.field}`;
        return { ok: false, error: { ...hits.error, field } };
      },
    }),
    defineOperation({
      name: 'search.quick',
      summary: 'Titles matching what is typed so far (quick switcher), best first',
      kind: 'read',
      params: [
        { name: 'query', required: true, schema: QUERY },
        { name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 } },
      ] as const,
      handler: async ([query, limit]) => ok(await index.quick(query, limit)),
    }),
    defineOperation({
      name: 'search.getStats',
      summary: 'Size and state of the full-text index',
      kind: 'read',
      params: [] as const,
      handler: async () => ok(await index.stats()),
    }),
  ];
}
