import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingRecord } from '../../../src/sync/engine/ports';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';

let n = 0;
const open: VaultDb[] = [];

async function vault() {
  const db = openVaultDb(`apply-changed-${++n}-${Date.now()}`);
  db.use(outboxMiddleware({ deviceId: 'me', now: () => 1000 }));
  await db.open();
  open.push(db);
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

describe('ITEM_SYNCED only for rows that changed (spec 6.2)', () => {
  it('announces a new row and a newer version, never a repeat or a version the row already holds', async () => {
    const db = await vault();
    const apply = (item: IncomingRecord) => applyRecords(db, [item], () => 2000, 'me', 'keep');
    expect((await apply(tag({ x: 2 }, 'Work'))).changed.map((c) => c.id)).toEqual(['work']);
    expect((await apply(tag({ x: 2 }, 'Work'))).changed).toEqual([]);
    expect((await apply(tag({ x: 1 }, 'Old'))).changed).toEqual([]);
    expect((await db.tagDefs.get('work'))?.name).toBe('Work');
    expect((await apply(tag({ x: 3 }, 'Work 3'))).changed.map((c) => c.id)).toEqual(['work']);
  });

  it('declines what this build never stores', async () => {
    const db = await vault();
    const out = await applyRecords(
      db,
      [
        {
          type: 'property_definition',
          id: 'rel',
          clock: { x: 1 },
          deletedAt: null,
          payload: { nameKey: 'rel', name: 'Rel', type: 'relation', options: [] },
        },
      ],
      () => 2000,
      'me',
      'hold',
    );
    expect(out.declined).toEqual([{ type: 'property_definition', id: 'rel' }]);
    expect(out.changed).toEqual([]);
  });
});
