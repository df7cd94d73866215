import { ok } from '../../ops/result';
import type { SearchHit } from '../../search/searchTypes';
import { searchNotes } from '../catalog/readNoteTools';
import { defineTool, jsonOutput } from '../defineTool';

/** Spec 2.2 search result entry. */
function entryOf(hit: SearchHit) {
  const { id, title, snippet, folder_path, file_type, href, source_ref } = hit;
  return { id, title, snippet, folder_path, file_type, href, source_ref };
}

/**
 * Spec 4.1 vault_search_notes over search.query: `folder_id` is a folder id as in a folder
 * source_ref (its path) and includes the folders below it; `file_types` omitted = every type.
 */
export const searchNotesTool = defineTool({
  spec: searchNotes,
  operations: ['search.query'],
  handler: async ({ query, limit, folder_id, file_types }, { registry, caller }) => {
    const options = {
      ...(limit === undefined ? {} : { limit }),
      ...(folder_id === undefined ? {} : { folder: folder_id.replace(/^\/+|\/+$/g, '') }),
      ...(file_types === undefined ? {} : { file_types }),
    };
    const found = await registry.read('search.query', [query, options], { caller });
    if (!found.ok) {
      const field =
        found.error.field === 'args[0]' ? 'query' : found.error.field?.replace(/^args\[1\]\./, '');
      return { ok: false, error: { ...found.error, ...(field === undefined ? {} : { field }) } };
    }
    return ok(jsonOutput((found.value as SearchHit[]).map(entryOf)));
  },
});
