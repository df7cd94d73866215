import { describe, expect, it } from 'vitest';
import { searchDocOf } from '../../../src/worker/search/searchDocOf';
import { SearchIndex } from '../../../src/worker/search/searchIndex';
import { MemorySearchStore } from '../../../src/worker/search/searchStore';
import { loadFixtureVault } from '../notes/fixtureVault';
import { memoryTexts } from './generatedVault';

/** Search over the Obsidian Help vault: real notes nobody here wrote. */
describe('search on the fixture vault', async () => {
  const docs = loadFixtureVault()
    .filter((i) => i.source !== undefined)
    .map((i) => searchDocOf({ ...i.header, source: i.source }));
  const index = await SearchIndex.open({
    store: new MemorySearchStore(),
    texts: memoryTexts(docs),
    now: () => 0,
  });
  await index.rebuild(docs, docs.length);
  const titles = async (query: string, extra: object = {}) => {
    const r = await index.query({ query, limit: 5, ...extra });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.map((h) => h.title);
  };

  it('ranks the note named by the query first', async () => {
    expect((await titles('internal links'))[0]).toBe('Internal links');
    expect((await titles('canvas'))[0]).toBe('Canvas');
    expect((await titles('sync settings'))[0]).toMatch(/sync/i);
  });

  it('survives typos and partial words', async () => {
    expect(await titles('hotkeys')).toContain('Hotkeys');
    expect(await titles('hotkyes')).toContain('Hotkeys');
    expect(await titles('backlin')).toContain('Backlinks');
  });

  it('filters by folder and marks matches in snippets', async () => {
    const inPlugins = await index.query({ query: 'templates', folder: 'Plugins', limit: 10 });
    if (!inPlugins.ok) throw new Error('refused');
    expect(inPlugins.value.length).toBeGreaterThan(0);
    for (const h of inPlugins.value) expect(h.folder_path.startsWith('Plugins')).toBe(true);
    expect(inPlugins.value[0]?.snippet).toMatch(/<mark>templates?<\/mark>/i);
  });

  it('quick-opens by title', async () => {
    expect((await index.quick('intlin'))[0]?.title).toBe('Internal links');
    expect((await index.quick('graph'))[0]?.title).toBe('Graph view');
  });
});
