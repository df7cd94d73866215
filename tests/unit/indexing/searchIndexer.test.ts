import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { startSearchIndexer } from '../../../src/worker/indexing/searchIndexer';
import type { LeaderElection } from '../../../src/worker/leader';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';

const leader: LeaderElection = { isLeader: () => true, onChange: () => () => {}, resign: () => {} };
let db: VaultDb | null = null;
let n = 0;
afterEach(async () => {
  await db?.delete();
  db = null;
});

function vault() {
  db = openVaultDb(`search-${++n}`);
  const feed = new ChangeFeed('v', null);
  let id = 0;
  const services = { vaultId: 'v', db, feed, now: () => Date.now(), newId: () => `n${++id}`, deviceId: 'd' };
  const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
  const start = (subscribe = (l: Parameters<typeof feed.subscribe>[0]) => feed.subscribe(l)) =>
    startSearchIndexer({
      db: db!,
      leader,
      channel: null,
      subscribe,
      now: () => Date.now(),
    });
  return { notes, start, feed };
}

describe('search indexer', () => {
  it('a vault closed under an indexing run (switched away, deleted) stops it quietly, never reopened', async () => {
    const { notes, start } = vault();
    const indexer = await start();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await notes.create({ title: 'Late', markdown: 'indexed after the vault went' });
      db!.close();
      await indexer.settled();
      expect(errors).not.toHaveBeenCalled();
      expect(db!.isOpen()).toBe(false);
    } finally {
      errors.mockRestore();
    }
  });

  it('indexes created, edited and deleted notes incrementally, with <mark> snippets and no frontmatter', async () => {
    const { notes, start } = vault();
    const indexer = await start();
    const a = await notes.create({
      title: 'Granite',
      folderPath: 'Rocks',
      markdown: '---\nsecret: basalt\n---\nGranite is an igneous rock.',
    });
    await notes.create({ title: 'Rivers', markdown: 'Water carves granite slowly.' });
    if (!a.ok) throw new Error('create');
    await indexer.settled();
    const hits = await indexer.index.query({ query: 'granite' });
    if (!hits.ok) throw new Error(hits.error.message);
    expect(hits.value.map((h) => h.title)).toEqual(['Granite', 'Rivers']);
    expect(hits.value[0]!.snippet).toContain('<mark>Granite</mark> is an igneous rock');
    expect(
      (await indexer.index.query({ query: 'basalt' })).ok && (await indexer.index.query({ query: 'basalt' })),
    ).toMatchObject({ value: [] });

    await notes.updateBody(a.value.id, 'Now about obsidian glass.');
    await notes.delete((await db!.notes.where('titleKey').equals('rivers').first())!.id);
    await indexer.settled();
    const after = await indexer.index.query({ query: 'granite' });
    expect(after.ok && after.value.map((h) => h.title)).toEqual(['Granite']); // title still matches
    const glass = await indexer.index.query({ query: 'obsidian', folder: 'Rocks' });
    expect(glass.ok && glass.value.map((h) => h.title)).toEqual(['Granite']);
  });

  it('catches up on start with notes written while it was not running, without re-indexing the rest', async () => {
    const { notes, start, feed } = vault();
    await notes.create({ title: 'Before', markdown: 'written before any index existed' });
    // The first indexer runs, then stops listening (its tab closed).
    let stop = () => {};
    const first = await start((l) => {
      stop = feed.subscribe(l);
      return stop;
    });
    await first.settled();
    expect((await first.index.stats()).documents).toBe(1);
    stop();
    await notes.create({ title: 'While away', markdown: 'quartz crystals' });
    const second = await start();
    await second.settled();
    const hits = await second.index.query({ query: 'quartz' });
    expect(hits.ok && hits.value.map((h) => h.title)).toEqual(['While away']);
    expect((await second.index.stats()).documents).toBe(2);
  });

  it('tells its listeners after each change it took in, and no more once they stop listening', async () => {
    const { notes, start } = vault();
    const indexer = await start();
    await indexer.settled();
    let heard = 0;
    const stop = indexer.onIndexed(() => heard++);
    await notes.create({ title: 'Basalt', markdown: 'columns' });
    await indexer.settled();
    expect(heard).toBe(1);
    const hits = await indexer.index.query({ query: 'columns' });
    expect(hits.ok && hits.value.map((h) => h.title)).toEqual(['Basalt']);
    stop();
    await notes.create({ title: 'Obsidian', markdown: 'glass' });
    await indexer.settled();
    expect(heard).toBe(1);
  });
});
