import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingRecord } from '../../../src/sync/engine/ports';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';

// The rule docs/sync-client.md states (Pull, Apply) and sync-three-devices.spec.ts checks in browsers:
// a delete wins over an edit made without seeing it. The edit reaches the service first (its
// device pushes before it pulls), so the deleting device must send its delete again, else the
// editing device keeps the item forever while the others have it deleted.

let n = 0;
const open: VaultDb[] = [];

/** A vault of device `me` that pulled tag "work" from device x and deleted it (the delete pushed). */
async function deletedHere() {
  const db = openVaultDb(`delete-over-edit-${++n}-${Date.now()}`);
  db.use(outboxMiddleware({ deviceId: 'me', now: () => 1000 }));
  await db.open();
  open.push(db);
  await applyRecords(db, [tag({ x: 1 }, 'Work')], () => 1500, 'me', 'keep');
  await db.tagDefs.delete('work');
  expect((await db.syncClocks.get('tag_definition|work'))?.clock).toEqual({ x: 1, me: 1 });
  await db.syncQueue.clear(); // the service accepted the delete
  return db;
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const tag = (clock: Record<string, number>, name: string): IncomingRecord => ({
  type: 'tag_definition',
  id: 'work',
  clock,
  deletedAt: null,
  payload: { key: 'work', name, color: null, icon: null, sortOrder: 0, modifiedAt: 1 },
});

const apply = (db: VaultDb, item: IncomingRecord) => applyRecords(db, [item], () => 2000, 'me', 'keep');

describe('a remote edit concurrent with a local delete', () => {
  it('is not stored, and the delete is queued again with both clocks so the service takes it', async () => {
    const db = await deletedHere();
    const out = await apply(db, tag({ x: 2 }, 'Work renamed offline'));
    expect(out.changed).toEqual([]);
    expect(await db.tagDefs.get('work')).toBeUndefined();
    const tombstone = await db.syncClocks.get('tag_definition|work');
    expect(tombstone).toMatchObject({ clock: { x: 2, me: 1 }, deletedAt: 1000, syncedAt: null });
    expect(await db.syncQueue.get('r|tag_definition|work')).toMatchObject({ op: 'delete', state: 'queued' });
    expect((await db.syncAcks.get('tag_definition|work'))?.clock).toEqual({ x: 2 });
  });

  it('an older remote version changes and queues nothing', async () => {
    const db = await deletedHere();
    await apply(db, tag({ x: 1 }, 'Work'));
    expect(await db.tagDefs.get('work')).toBeUndefined();
    expect(await db.syncQueue.count()).toBe(0);
    expect((await db.syncClocks.get('tag_definition|work'))?.clock).toEqual({ x: 1, me: 1 });
  });

  it('an edit made after seeing the delete (strictly after its clock) brings the item back', async () => {
    const db = await deletedHere();
    const out = await apply(db, tag({ x: 2, me: 1 }, 'Work again'));
    expect(out.changed.map((c) => c.op)).toEqual(['put']);
    expect((await db.tagDefs.get('work'))?.name).toBe('Work again');
    expect(await db.syncQueue.count()).toBe(0);
  });
});
