import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../../src/worker/db/schema';
import { createDexieSearchReasons } from '../../../../src/worker/indexing/dexieReasonStore';
import { type RebuildProgress, startSearchIndexer } from '../../../../src/worker/indexing/searchIndexer';
import type { LeaderElection } from '../../../../src/worker/leader';
import { createRegistry } from '../../../../src/worker/ops/registry';
import { searchOperations } from '../../../../src/worker/ops/search';
import { searchAdminOperations } from '../../../../src/worker/ops/search/searchAdminOperations';
import { createNoteBodies } from '../../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../../src/worker/stores/notesStore';

const ui = { caller: { kind: 'ui' as const } };
const agent = {
  caller: { kind: 'agent' as const, surface: 'mcp' as const },
  approve: async () => 'once' as const,
};
const approveAll = { ...ui, approve: async () => 'once' as const };
let db: VaultDb | null = null;
let n = 0;
afterEach(async () => {
  await db?.delete();
  db = null;
});

async function vault(isLeader = true) {
  db = openVaultDb(`search-admin-${++n}`);
  const feed = new ChangeFeed('v', null);
  let id = 0;
  const services = { vaultId: 'v', db, feed, now: () => Date.now(), newId: () => `n${++id}`, deviceId: 'd' };
  const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
  const leader: LeaderElection = { isLeader: () => isLeader, onChange: () => () => {}, resign: () => {} };
  const indexer = await startSearchIndexer({
    db,
    leader,
    channel: null,
    subscribe: (l) => feed.subscribe(l),
    now: () => Date.now(),
  });
  const registry = createRegistry([
    ...searchOperations(indexer.index),
    ...searchAdminOperations({
      reasons: createDexieSearchReasons(services),
      rebuild: () => indexer.rebuild(),
    }),
  ]);
  return { notes, indexer, registry };
}

const titles = (res: { ok: boolean; value?: unknown }) =>
  res.ok ? (res.value as { title: string }[]).map((h) => h.title) : res;

describe('search.rebuildIndex', () => {
  it('rebuilds the whole index with progress, and queries answer during the build', async () => {
    const v = await vault();
    await db!.notes.bulkAdd(
      Array.from({ length: 1200 }, (_, i) => ({
        id: `x${i}`,
        title: `Note ${i}`,
        titleKey: `note ${i}`,
        folderPath: '',
        fileType: 'markdown' as const,
        snippet: '',
        wordCount: 1,
        tags: [],
        emoji: null,
        localOnly: false,
        created: 1,
        modified: 1,
      })),
    );
    await db!.bodies.bulkAdd(
      Array.from({ length: 1200 }, (_, i) => ({ id: `x${i}`, markdown: i === 7 ? 'zircon' : 'plain' })),
    );
    await v.notes.create({ title: 'Before', markdown: 'basalt' });
    await v.indexer.settled();
    // Written behind the indexer's back: only a rebuild finds it.
    expect(titles(await v.registry.read('search.query', ['zircon'], ui))).toEqual([]);
    const steps: RebuildProgress[] = [];
    let answeredDuring: unknown = null;
    v.indexer.onProgress((p) => {
      if (p) steps.push(p);
      if (p?.phase === 'indexing' && p.done === 500 && answeredDuring === null) {
        answeredDuring = 'asked';
        void v.registry.read('search.query', ['zircon'], ui).then((r) => {
          answeredDuring = titles(r);
        });
      }
    });
    const res = await v.registry.write('search.rebuildIndex', [], approveAll);
    expect(res).toMatchObject({ ok: true, value: { documents: 1201, delta_documents: 0 } });
    expect(steps[0]).toEqual({ phase: 'reading', done: 0, total: 0 });
    expect(steps.some((s) => s.phase === 'indexing' && s.done === 500 && s.total === 1201)).toBe(true);
    expect(steps.at(-1)?.phase).toBe('writing');
    // Answered from the old index (a query queued behind the rebuild would find Note 7).
    expect(answeredDuring).toEqual([]);
    expect(v.indexer.progress()).toBeNull();
    expect(titles(await v.registry.read('search.query', ['zircon'], ui))).toEqual(['Note 7']);
    // Stored as well: a fresh indexer over the same database finds it without rebuilding.
    const again = await startSearchIndexer({
      db: db!,
      leader: { isLeader: () => false, onChange: () => () => {}, resign: () => {} },
      channel: null,
      subscribe: () => () => {},
      now: () => Date.now(),
    });
    const hit = await again.index.query({ query: 'zircon' });
    expect(hit.ok && hit.value.map((h) => h.title)).toEqual(['Note 7']);
  }, 30_000);

  it('is refused in a tab that does not keep the index', async () => {
    const v = await vault(false);
    expect(await v.registry.write('search.rebuildIndex', [], approveAll)).toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE' },
    });
  });
});

describe('search reasons operations', () => {
  it('adds a reason that makes the note findable, lists it, and clears it', async () => {
    const v = await vault();
    const lease = await v.notes.create({ title: 'Flat lease', markdown: 'Rent and deposit.' });
    if (!lease.ok) throw new Error('create');
    const id = lease.value.id;
    await v.indexer.settled();
    expect(titles(await v.registry.read('search.query', ['taxes'], ui))).toEqual([]);
    const added = await v.registry.write(
      'search.addReason',
      [{ note_id: id, reason: ' needed for  taxes ' }],
      agent,
    );
    expect(added).toMatchObject({
      ok: true,
      value: { note_id: id, text: 'needed for taxes', source: 'agent' },
    });
    await v.indexer.settled();
    const found = await v.registry.read('search.query', ['taxes'], ui);
    expect(found).toMatchObject({
      ok: true,
      value: [{ title: 'Flat lease', fields: expect.arrayContaining(['reasons']) }],
    });
    // A body edit keeps the reason indexed.
    await v.notes.updateBody(id, 'Rent, deposit and keys.');
    await v.indexer.settled();
    expect(titles(await v.registry.read('search.query', ['taxes'], ui))).toEqual(['Flat lease']);
    expect(await v.registry.read('search.getReasons', [{ note_id: id }], ui)).toMatchObject({
      ok: true,
      value: [{ text: 'needed for taxes' }],
    });
    expect(await v.registry.write('search.clearReasons', [{ note_id: id }], approveAll)).toEqual({
      ok: true,
      value: { cleared: 1 },
    });
    await v.indexer.settled();
    expect(titles(await v.registry.read('search.query', ['taxes'], ui))).toEqual([]);
    expect(await v.registry.read('search.getReasons', [], ui)).toEqual({ ok: true, value: [] });
  });

  it('refuses an empty or too long reason and an unknown note, storing nothing', async () => {
    const v = await vault();
    const note = await v.notes.create({ title: 'N' });
    if (!note.ok) throw new Error('create');
    const id = note.value.id;
    expect(
      await v.registry.write('search.addReason', [{ note_id: id, reason: '   ' }], approveAll),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[0].reason' },
    });
    expect(
      await v.registry.write('search.addReason', [{ note_id: id, reason: 'x'.repeat(501) }], approveAll),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[0].reason' },
    });
    expect(
      await v.registry.write('search.addReason', [{ note_id: 'nope', reason: 'why' }], approveAll),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[0].note_id' },
    });
    expect(await v.registry.write('search.addReason', [{ note_id: id }], approveAll)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
    expect(await db!.searchReasons.count()).toBe(0);
  });
});
