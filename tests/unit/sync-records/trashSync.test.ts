import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { createDocStore } from '../../../src/worker/crdt/docStore';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createNoteBodies, type NoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { createBodyPort } from '../../../src/worker/sync/applyRemoteBody';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { readRecord } from '../../../src/worker/sync/recordPayloads';

// The Trash syncs as a field of the note record (docs/trash.md): a trash is an update carrying
// `trashedAt`, a restore an update without it, and only the purge is a delete (the tombstone).

const open: VaultDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

let n = 0;
async function device(name: string): Promise<{ db: VaultDb; notes: NotesStore; bodies: NoteBodies }> {
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
  const bodies = createNoteBodies(services, null);
  return { db, notes: createNotesStore({ ...services, bodies }), bodies };
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

describe('a body that reaches a note already in the Trash', () => {
  // sync-three-devices.spec:281 (issue 18 part 8): B's pull was held by a sync_changes 429, so the
  // socket frames brought A's new note and then its trash before the pull brought the note's body.
  // Merging that body wrote `modified` (and tags, calendar keys, links) back onto the trashed row,
  // and the note came back into B's list while it stayed in the Trash.
  it('leaves it in the Trash only; the restore brings the body it got', async () => {
    const a = await device('A');
    const b = await device('B');
    const made = await a.notes.create({
      title: 'Soon gone',
      folderPath: '',
      markdown: '---\nwhen: 2026-12-01\n---\ndelete me #gone [[Elsewhere]]',
    });
    if (!made.ok) throw new Error('create');
    const id = made.value.id;
    await carry(a.db, b.db, id); // the record, by a socket frame: no body yet
    expect(await titles(b.notes)).toEqual(['Soon gone']);
    expect((await a.notes.delete(id)).ok).toBe(true);
    await carry(a.db, b.db, id); // the trash, by the next frame
    expect(await titles(b.notes)).toEqual([]);

    // the pull, once the 429's Retry-After ended: the note's body
    const body = await createDocStore(a.db).loadState(id);
    if (!body) throw new Error('no body on A');
    await createBodyPort(b.db, b.bodies, 'B').applyRemote(id, body);

    // the app's note list (by modified, its default order) and the title order
    expect((await b.notes.list({ offset: 0, limit: 50, sort: 'modified' })).items).toEqual([]);
    expect(await titles(b.notes)).toEqual([]);
    expect(await b.notes.trash.list()).toMatchObject([{ kind: 'note', id, title: 'Soon gone' }]);
    expect(await b.db.notes.where('tags').equals('gone').count()).toBe(0);
    expect(await b.db.notes.where('dateKeys').startsWith('2026-12-01').count()).toBe(0);
    expect(await b.db.links.where('from_id').equals(id).count()).toBe(0);
    expect((await b.db.bodies.get(id))?.markdown).toContain('delete me');

    expect((await b.notes.trash.restore(id)).ok).toBe(true);
    expect(await titles(b.notes)).toEqual(['Soon gone']);
    expect(await b.notes.get(id)).toMatchObject({
      tags: ['gone'],
      snippet: expect.stringContaining('delete me'),
    });
    expect(await b.db.notes.where('dateKeys').startsWith('2026-12-01').count()).toBe(1);
    expect(await b.db.links.where('from_id').equals(id).count()).toBe(1);
  });
});
