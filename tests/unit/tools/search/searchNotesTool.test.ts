import { beforeEach, describe, expect, it } from 'vitest';
import { createRegistry } from '../../../../src/worker/ops/registry';
import { searchOperations } from '../../../../src/worker/ops/search';
import { SearchIndex } from '../../../../src/worker/search/searchIndex';
import { MemorySearchStore } from '../../../../src/worker/search/searchStore';
import type { DocText, SearchDoc } from '../../../../src/worker/search/searchTypes';
import { ALL_TOOLS } from '../../../../src/worker/tools/allTools';
import { createToolHost, type ToolHost } from '../../../../src/worker/tools/toolHost';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };

const DOCS: SearchDoc[] = [
  {
    id: 'n1',
    title: 'Garden plan',
    folder_path: 'Home',
    file_type: 'markdown',
    body: 'Plant tomatoes in May',
  },
  {
    id: 'n2',
    title: 'Work plan',
    folder_path: 'Work/2026',
    file_type: 'markdown',
    body: 'Ship the tomato tracker',
  },
  {
    id: 'f1',
    title: 'Seed catalogue',
    folder_path: 'Home/Files',
    file_type: 'pdf',
    body: '',
    extra: ['Tomatoes: cherry, plum'],
  },
];

describe('search operations and vault_search_notes over the real index', () => {
  let host: ToolHost;
  let index: SearchIndex;

  beforeEach(async () => {
    const texts = new Map<string, DocText>(DOCS.map((d) => [d.id, { body: d.body, extra: d.extra ?? [] }]));
    index = await SearchIndex.open({
      store: new MemorySearchStore(),
      texts: {
        getTexts: async (ids) => new Map(ids.flatMap((id) => (texts.has(id) ? [[id, texts.get(id)!]] : []))),
      },
      now: () => 1,
    });
    await index.upsertMany(DOCS);
    host = createToolHost({
      registry: createRegistry(searchOperations(index)),
      tools: ALL_TOOLS,
      approve: async () => 'deny',
    });
  });

  const search = async (args: Record<string, unknown>) => {
    const r = await host.callTool('vault_search_notes', args, agent);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value.json as Record<string, unknown>[];
  };

  it('offers vault_search_notes once search.query is registered', () => {
    expect(host.listTools().map((t) => t.name)).toEqual([
      'vault_search_notes',
      'vault_desktop_describe',
      'vault_desktop_read',
    ]);
  });

  it('returns spec 2.2 search entries with <mark> snippets', async () => {
    const hits = await search({ query: 'tomatoes' });
    expect(hits.length).toBeGreaterThan(0);
    expect(Object.keys(hits[0]!).sort()).toEqual([
      'file_type',
      'folder_path',
      'href',
      'id',
      'snippet',
      'source_ref',
      'title',
    ]);
    expect(hits.some((h) => String(h.snippet).includes('<mark>'))).toBe(true);
    expect(hits[0]).toMatchObject({ href: `svc://note/${hits[0]!.id}`, source_ref: { kind: 'note' } });
  });

  it('filters by folder (and below) and by file type, and limits', async () => {
    expect((await search({ query: 'tomato', folder_id: 'Home' })).map((h) => h.id).sort()).toEqual([
      'f1',
      'n1',
    ]);
    expect((await search({ query: 'tomato', file_types: ['pdf'] })).map((h) => h.id)).toEqual(['f1']);
    expect(await search({ query: 'tomato', limit: 1 })).toHaveLength(1);
  });

  it('refuses a blank query naming the field', async () => {
    expect(await host.callTool('vault_search_notes', { query: '   ' }, agent)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'query' },
    });
  });

  it('search.query, search.quick and search.getStats through vault_desktop_read', async () => {
    const read = (operation: string, args: unknown[]) =>
      host.callTool('vault_desktop_read', { operation, args }, agent);
    expect(await read('search.query', ['plan', { limit: 5 }])).toMatchObject({
      ok: true,
      value: { json: expect.any(Array) },
    });
    expect(await read('search.quick', ['gard'])).toMatchObject({ ok: true, value: { json: [{ id: 'n1' }] } });
    expect(await read('search.getStats', [])).toMatchObject({ ok: true, value: { json: { documents: 3 } } });
    expect(await read('search.query', ['plan', { limit: 51 }])).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[1].limit' },
    });
  });
});
