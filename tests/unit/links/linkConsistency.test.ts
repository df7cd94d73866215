import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createLinkReads } from '../../../src/worker/links/linkReads';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';

let db: VaultDb;
let n = 0;

/** One worker's view of the shared database (its own resolver), as a second tab has. */
function worker(prefix: string) {
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => Date.now(),
    newId: () => `${prefix}${++id}`,
    deviceId: 'd',
  };
  const bodies = createNoteBodies(services, null);
  const notes = createNotesStore({
    ...services,
    bodies,
    // these tests are about re-resolution as written; rewriting on rename is renameLinks.test.ts
    updateLinksOnRename: async () => false,
  });
  return { bodies, notes, reads: createLinkReads(db, bodies.links) };
}

beforeEach(async () => {
  db = openVaultDb(`links-${++n}`);
  await db.open();
});
afterEach(() => db.delete());

describe('links stay consistent', () => {
  it('a refused write leaves neither link rows nor resolver entries behind', async () => {
    const w = worker('a');
    await w.notes.create({ title: 'Hub', markdown: 'to [[Spoke]]' });
    const rowsBefore = await db.links.toArray();
    const res = await w.notes.insertMany([
      { kind: 'markdown', title: 'Spoke', folderPath: '', markdown: '[[Hub]]' },
      { kind: 'markdown', title: 'Huge', folderPath: '', markdown: 'x'.repeat(6 * 1024 * 1024) },
    ]);
    expect(res.ok).toBe(false);
    expect(await db.links.toArray()).toEqual(rowsBefore);
    expect((await w.reads.resolveByTitle('Spoke')).exists).toBe(false);
  });

  it('a note created by another worker resolves links written here, and its rename reaches this resolver', async () => {
    const a = worker('a');
    const b = worker('b');
    await b.bodies.links.ensureLoaded();
    const made = await a.notes.create({ title: 'Target' });
    if (!made.ok) throw new Error(made.error.message);
    // b has not heard of Target yet: its link is checked against the database before it is stored.
    const src = await b.notes.create({ title: 'Source', markdown: '[[Target]]' });
    if (!src.ok) throw new Error(src.error.message);
    expect((await db.links.where('from_id').equals(src.value.id).first())?.to_id).toBe(made.value.id);

    expect((await a.notes.rename(made.value.id, 'Renamed')).ok).toBe(true);
    expect((await db.links.where('from_id').equals(src.value.id).first())?.to_id).toBeNull();
    expect((await b.reads.resolveByTitle('Renamed')).exists).toBe(false);
    await b.bodies.links.reconcile([made.value.id]);
    expect((await b.reads.resolveByTitle('Renamed')).id).toBe(made.value.id);
  });

  it('a body written inside a parent transaction without the links table gets its links right after', async () => {
    const w = worker('a');
    const hub = await w.notes.create({ title: 'Hub' });
    const note = await w.notes.create({ title: 'Note' });
    if (!hub.ok || !note.ok) throw new Error('create failed');
    const tables = [db.notes, db.bodies, db.crdtUpdates, db.crdtSnapshots, db.noteVersions];
    await db.transaction('rw', tables, async () => {
      const r = await w.bodies.replaceText(note.value.id, 'now [[Hub]]');
      expect(r.ok).toBe(true);
    });
    for (let i = 0; i < 50 && (await db.links.count()) === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect((await db.links.toArray()).map((r) => [r.from_id, r.to_id])).toEqual([
      [note.value.id, hub.value.id],
    ]);
  });
});
