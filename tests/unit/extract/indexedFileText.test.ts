import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('extracted text in the search index', () => {
  it('indexes a file text written just before a crash (never announced) at the next start', async () => {
    db = openVaultDb(`indexed-text-${++n}`);
    const feed = new ChangeFeed('v', null);
    let id = 0;
    const services = {
      vaultId: 'v',
      db,
      feed,
      now: () => Date.now(),
      newId: () => `f${++id}`,
      deviceId: 'd',
    };
    const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
    const start = () =>
      startSearchIndexer({
        db: db as VaultDb,
        leader,
        channel: null,
        subscribe: (l) => feed.subscribe(l),
        now: Date.now,
      });

    const first = await start();
    const filed = await notes.insertMany([
      { kind: 'pdf', title: 'scan.pdf', folderPath: '', mime: 'application/pdf', blob: new Blob(['%PDF']) },
    ]);
    if (!filed.ok) throw new Error(filed.error.message);
    const fileId = filed.value[0]?.id as string;
    await first.settled();
    expect((await first.index.query({ query: 'quokka' })).ok).toBe(true);

    // The extraction wrote its result, and the tab died before the change feed carried it.
    await db.fileTexts.put({
      fileId,
      kind: 'pdf',
      status: 'done',
      reason: null,
      pages: ['nothing here', 'a quokka on page two'],
      pageCount: 2,
      attempts: 1,
      updated: Date.now(),
    });
    const stale = await first.index.query({ query: 'quokka' });
    expect(stale.ok && stale.value).toEqual([]);

    const next = await start();
    await next.settled();
    const hits = await next.index.query({ query: 'quokka' });
    expect(hits.ok && hits.value.map((h) => [h.id, h.snippet, h.fields])).toEqual([
      [fileId, 'a <mark>quokka</mark> on page two', ['extra']],
    ]);
  });

  it('re-indexes a file when the change feed reports its text', async () => {
    db = openVaultDb(`indexed-text-${++n}`);
    const feed = new ChangeFeed('v', null);
    let id = 0;
    const services = {
      vaultId: 'v',
      db,
      feed,
      now: () => Date.now(),
      newId: () => `g${++id}`,
      deviceId: 'd',
    };
    const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
    const indexer = await startSearchIndexer({
      db,
      leader,
      channel: null,
      subscribe: (l) => feed.subscribe(l),
      now: Date.now,
    });
    const filed = await notes.insertMany([
      { kind: 'image', title: 'sign.png', folderPath: '', mime: 'image/png', blob: new Blob(['png']) },
    ]);
    if (!filed.ok) throw new Error(filed.error.message);
    const fileId = filed.value[0]?.id as string;
    await db.fileTexts.put({
      fileId,
      kind: 'image',
      status: 'done',
      reason: null,
      pages: ['MARMALADE ORCHARD'],
      pageCount: 1,
      attempts: 1,
      updated: Date.now(),
    });
    feed.committed([{ table: 'fileTexts', op: 'put', ids: [fileId] }]);
    await indexer.settled();
    const hits = await indexer.index.query({ query: 'orchard', file_types: ['image'] });
    expect(hits.ok && hits.value.map((h) => h.id)).toEqual([fileId]);
  });
});
