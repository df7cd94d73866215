import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { readRecord } from '../../../src/worker/sync/recordPayloads';

// The Trash syncs as a field of the note record (docs/trash.md): a trash is an update carrying
// `trashedAt`, a restore an update without it, and only the purge is a delete (the tombstone).

const open: VaultDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

let n = 0;
async function device(name: string): Promise<{ db: VaultDb; notes: NotesStore }> {
  const db = openVaultDb(`trash-sync-${name}-${++n}-${Date.now()}`);
  let t = Date.UTC(2026, 10, 1);
  db.use(outboxMiddleware({ deviceId: name, now: () => t }));
  await db.open();
  open.push(db);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => ++t,
    newId: () => `${name}${++id}`,
    deviceId: name,
  };
  return { db, notes: createNotesStore({ ...services, bodies: createNoteBodies(services, null) }) };
}

/** What `from` would push of note `id`, applied by `to` as the pull would. */
async function carry(from: VaultDb, to: VaultDb, id: string) {
  const rec = await readRecord(from, 'note', id);
  if (!rec) throw new Error('nothing to push');
  expect(rec.invalid).toBeUndefined();
  await applyRecords(to, [{ type: 'note', id, ...rec }], () => Date.now(), 'x', 'keep');
  return rec;
}

const titles = async (notes: NotesStore) =>
  (await notes.list({ offset: 0, limit: 50, sort: 'title' })).items.map((r) => r.title);

describe('the Trash across devices', () => {
  it('a delete on A shows in B’s Trash, a restore on B restores on A, the purge is a tombstone', async () => {
    const a = await device('A');
    const b = await device('B');
    const made = await a.notes.create({
      title: 'Trip',
      folderPath: 'Plans',
      markdown: '---\nwhen: 2026-12-01\n---\n#travel',
    });
    if (!made.ok) throw new Error('create');
    const id = made.value.id;
    await carry(a.db, b.db, id);
    expect(await titles(b.notes)).toEqual(['Trip']);

    expect((await a.notes.delete(id)).ok).toBe(true);
    expect(await a.db.syncQueue.get(`r|note|${id}`)).toMatchObject({ op: 'create' }); // never sent: a create
    const trashed = await carry(a.db, b.db, id);
    expect(trashed.deletedAt).toBeNull();
    expect(trashed.payload).toMatchObject({
      trashedAt: expect.any(Number),
      trashedFrom: { tags: ['travel'] },
    });
    expect(await titles(b.notes)).toEqual([]);
    expect(await b.notes.trash.list()).toMatchObject([
      { kind: 'note', id, title: 'Trip', folderPath: 'Plans' },
    ]);
    // not on B's calendar either: the date keys come back with the restore
    expect(await b.db.notes.where('dateKeys').startsWith('2026-12-01').count()).toBe(0);

    expect((await b.notes.trash.restore(id)).ok).toBe(true);
    expect(await b.db.notes.where('dateKeys').startsWith('2026-12-01').count()).toBe(1);
    await carry(b.db, a.db, id);
    expect(await titles(a.notes)).toEqual(['Trip']);
    expect(await a.notes.trash.list()).toEqual([]);
    expect((await a.notes.get(id))?.tags).toEqual(['travel']);

    await a.notes.delete(id);
    await carry(a.db, b.db, id);
    expect(await a.notes.trash.purge([id])).toEqual([id]);
    const gone = await carry(a.db, b.db, id);
    expect(gone.deletedAt).not.toBeNull();
    expect(await b.db.notes.get(id)).toBeUndefined();
    expect(await b.notes.trash.list()).toEqual([]);
  });
});
