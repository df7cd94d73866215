import 'fake-indexeddb/auto';
import type { DBCore, Middleware } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { PACK_SEED_SETTLE_PENDING, PACK_SEEDED_PREFIX } from '../../../src/sync/engine/packs/packPorts';
import type { IncomingRecord } from '../../../src/sync/engine/ports';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { BODY_TEXT, initialState } from '../../../src/worker/crdt/docStore';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { createPackStore } from '../../../src/worker/sync/packStore';
import { noteRow } from './syncFakes';

// A fresh device's first sync applies thousands of seeded bodies and records: the pack store and
// the records apply read and write in bulk (docs/packs.md "Bulk apply"). These tests count the
// storage requests the app makes (Dexie's DBCore calls: a get, a bulkGet, a put or a bulkPut is
// ONE call each) and check what was stored; the per-entry code they replaced made several calls
// per entry and fails the bounds.

let n = 0;
const open: VaultDb[] = [];

/** DBCore calls (reads, queries, writes) made while `on` is set, by kind. */
function counter() {
  const calls = { total: 0, perKind: new Map<string, number>(), on: false };
  const tally = (kind: string) => {
    if (!calls.on) return;
    calls.total++;
    calls.perKind.set(kind, (calls.perKind.get(kind) ?? 0) + 1);
  };
  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'count-calls',
    create: (down) => ({
      ...down,
      table(name) {
        const t = down.table(name);
        return {
          ...t,
          get(req) {
            tally(`${name}.get`);
            return t.get(req);
          },
          getMany(req) {
            tally(`${name}.getMany`);
            return t.getMany(req);
          },
          query(req) {
            tally(`${name}.query`);
            return t.query(req);
          },
          openCursor(req) {
            tally(`${name}.openCursor`);
            return t.openCursor(req);
          },
          count(req) {
            tally(`${name}.count`);
            return t.count(req);
          },
          mutate(req) {
            tally(`${name}.${req.type}`);
            return t.mutate(req);
          },
        };
      },
    }),
  };
  return { calls, middleware };
}

async function vault() {
  const db = openVaultDb(`pack-bulk-${++n}-${Date.now()}`);
  db.use(outboxMiddleware({ deviceId: 'me', now: () => 1000 }));
  const { calls, middleware } = counter();
  db.use(middleware);
  await db.open();
  open.push(db);
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => 1000,
    newId: () => crypto.randomUUID(),
    deviceId: 'me',
  };
  return { db, calls, bodies: createNoteBodies(services, null) };
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const ids = (k: number) => Array.from({ length: k }, (_, i) => `note-${i}`);
const stateOf = (text: string) => initialState(text);
const textOf = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc.getText(BODY_TEXT).toString();
};

const noteRecord = (id: string, clock: Record<string, number>, title = id): IncomingRecord => ({
  type: 'note',
  id,
  clock,
  deletedAt: null,
  payload: { ...noteRow(id, title) } as unknown as Record<string, unknown>,
});

describe('the pack seed in bulk (spec 3.7 steps 4-6)', () => {
  it('commits 100 seeded bodies with their marks and durability rows in a bounded number of requests', async () => {
    const { db, calls, bodies } = await vault();
    const store = createPackStore(db, bodies);
    // a journal entry among them: its row mirrors the seeded text in the same transaction
    await db.journal.put({
      id: 'j-2026-11-29',
      date: '2026-11-29',
      markdown: '',
      tags: [],
      wordCount: 0,
      modifiedAt: 1,
      clock: {},
    } as never);
    await db.crdtMarks.put({ docId: 'note-3', appliedSeq: 9, revision: 'r-old' });
    const seeded = [...ids(99), 'j-2026-11-29'].map((docId, i) => ({
      docId,
      state: stateOf(`Body ${i}`),
      mark: { appliedSeq: i % 5, revision: `r-${i}` },
    }));
    calls.on = true;
    await store.commit(seeded, [{ key: 'PACKS_APPLIED_THROUGH_CURSOR', value: 42 }]);
    calls.on = false;
    // per-entry reads and writes made 300+ calls here
    expect(calls.total, JSON.stringify([...calls.perKind])).toBeLessThanOrEqual(16);
    expect(await db.crdtUpdates.count()).toBe(100);
    // appliedSeq only grows; the revision is the seeded one
    expect(await db.crdtMarks.get('note-3')).toEqual({ docId: 'note-3', appliedSeq: 9, revision: 'r-3' });
    expect(await db.crdtMarks.get('note-7')).toEqual({ docId: 'note-7', appliedSeq: 2, revision: 'r-7' });
    expect((await db.journal.get('j-2026-11-29'))?.markdown).toBe('Body 99');
    expect((await db.syncState.get(`${PACK_SEEDED_PREFIX}note-50`))?.value).toBe(true);
    expect((await db.syncState.get(PACK_SEED_SETTLE_PENDING))?.value).toBe(true);
    expect((await db.syncState.get('PACKS_APPLIED_THROUGH_CURSOR'))?.value).toBe(42);
  });

  it('settles 100 docs in a bounded number of requests: written, unchanged, dropped when empty, purged without a row', async () => {
    const { db, calls, bodies } = await vault();
    const store = createPackStore(db, bodies);
    const all = ids(100);
    await store.commit(
      all.map((docId, i) => ({
        docId,
        state: stateOf(i === 1 ? '' : `Seeded ${i}`),
        mark: { appliedSeq: 1, revision: `r-${i}` },
      })),
      [],
    );
    // the pull brought a row for every note but note-0 (deleted since it was packed); note-2's
    // mirror already shows the text
    await db.notes.bulkPut(all.slice(1).map((id) => noteRow(id)));
    await db.bodies.put({ id: 'note-2', markdown: 'Seeded 2' });
    calls.on = true;
    const out = await store.settle(all);
    calls.on = false;
    expect(calls.total, JSON.stringify([...calls.perKind])).toBeLessThanOrEqual(16);
    expect(out).toEqual({ dropped: ['note-1'], purged: ['note-0'] });
    expect(await db.crdtMarks.get('note-0')).toBeUndefined();
    expect(await db.crdtMarks.get('note-1')).toBeUndefined();
    expect(await db.crdtUpdates.where('docId').equals('note-0').count()).toBe(0);
    expect((await db.bodies.get('note-1'))?.markdown ?? '').toBe('');
    expect((await db.bodies.get('note-57'))?.markdown).toBe('Seeded 57');
    expect(await store.seededIds()).toEqual([]);
  });
});

describe('records applied in bulk (a slice of a feed page or a records pack)', () => {
  it('applies 100 new notes with their seeded bodies in fewer than 5 requests a note', async () => {
    const { db, calls } = await vault();
    // the snapshot seed ran first: each body is raw CRDT state waiting for its record
    await db.crdtUpdates.bulkAdd(ids(100).map((docId) => ({ docId, update: stateOf(`Text of ${docId}`) })));
    calls.on = true;
    const out = await applyRecords(
      db,
      ids(100).map((id) => noteRecord(id, { other: 1 })),
      () => 2000,
      'me',
      'hold',
    );
    calls.on = false;
    expect(out.changed).toHaveLength(100);
    // per item: its row, clock and body read one by one, then written, made 8 requests a note
    expect(calls.total, JSON.stringify([...calls.perKind])).toBeLessThan(5 * 100);
    expect((await db.bodies.get('note-42'))?.markdown).toBe('Text of note-42');
    expect((await db.syncClocks.get('note|note-42'))?.clock).toEqual({ other: 1 });
    expect(await db.syncAcks.count()).toBe(100);
    expect(textOf((await db.crdtUpdates.where('docId').equals('note-42').first())!.update)).toBe(
      'Text of note-42',
    );
  });

  it('reads again what an earlier item of the same batch wrote: an older version after a newer one changes nothing', async () => {
    const { db } = await vault();
    const out = await applyRecords(
      db,
      [noteRecord('n', { other: 2 }, 'Newer'), noteRecord('n', { other: 1 }, 'Older')],
      () => 2000,
      'me',
      'hold',
    );
    expect((await db.notes.get('n'))?.title).toBe('Newer');
    expect((await db.syncClocks.get('note|n'))?.clock).toEqual({ other: 2 });
    expect(out.changed).toEqual([{ type: 'note', id: 'n', table: 'notes', op: 'put' }]);
    // one document for the note: the second item did not adopt an empty baseline again
    expect(await db.crdtUpdates.where('docId').equals('n').count()).toBe(1);
  });
});
