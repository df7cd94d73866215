import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYNC_ENGINE_TABLES_V12 } from '../../../src/worker/crdt/crdtMarks';
import { AGENT_TABLES } from '../../../src/worker/db/agentTables';
import { DERIVE_TABLES_V15 } from '../../../src/worker/db/deriveTables';
import { vaultDbName } from '../../../src/worker/db/names';
import { NOTES_TABLES_V1, NOTES_TABLES_V2 } from '../../../src/worker/db/notesTables';
import { PLAN_MORE_TABLES } from '../../../src/worker/db/planMoreTables';
import { PLANNING_TABLES } from '../../../src/worker/db/planningTables';
import { LATE_TABLES_V16, openVaultDb } from '../../../src/worker/db/schema';
import { SYNC_TABLES } from '../../../src/worker/db/syncTables';

/**
 * Schema v16 (schema.ts): development profiles opened between an out-of-order version's landing
 * and the versions above it never ran it. Such a profile, built here the way that build declared
 * its versions, opens at v16 with every table, its data kept, and no Dexie "SchemaDiff" patch.
 */
let n = 0;

/** The versions a build without `missing` declared (each listed version absent). */
function declareOld(db: Dexie, missing: readonly number[], atV15: Record<string, string> = {}) {
  const versions: [number, Record<string, string>][] = [
    [1, NOTES_TABLES_V1],
    [2, NOTES_TABLES_V2],
    [3, PLANNING_TABLES],
    [4, SYNC_TABLES],
    [5, AGENT_TABLES],
    [11, PLAN_MORE_TABLES],
    [12, SYNC_ENGINE_TABLES_V12],
    [15, { ...DERIVE_TABLES_V15, ...atV15 }],
  ];
  for (const [v, tables] of versions) if (!missing.includes(v)) db.version(v).stores(tables);
}

/** A profile as a build without `missing` left it, with one note (and its derive mark at v15). */
async function oldProfile(missing: readonly number[]): Promise<string> {
  const vaultId = `late-${++n}-${Date.now()}`;
  const db = new Dexie(vaultDbName(vaultId));
  declareOld(db, missing);
  await db.open();
  await db.table('notes').put({ id: 'kept', title: 'Kept' });
  if (!missing.includes(15)) await db.table('derivePending').put({ id: 'kept', editedAt: 1 });
  db.close();
  return vaultId;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('schema v16', () => {
  it('gives a v15 profile without syncAcks the table, keeping its data', async () => {
    const vaultId = await oldProfile([]);
    const warn = vi.spyOn(console, 'warn');
    const db = openVaultDb(vaultId);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(16); // later versions (v18, ...) apply on top
    expect(db.backendDB().objectStoreNames.contains('syncAcks')).toBe(true);
    await db.syncAcks.put({ key: 'task|t1', clock: { d: 1 }, at: 5 });
    expect(await db.syncAcks.get('task|t1')).toMatchObject({ clock: { d: 1 } });
    expect(await db.notes.get('kept')).toMatchObject({ title: 'Kept' });
    expect(await db.derivePending.get('kept')).toMatchObject({ editedAt: 1 });
    expect(warn.mock.calls.some((c) => String(c[0]).includes('SchemaDiff'))).toBe(false);
    db.close();
  });

  it('creates every table of a version that landed out of order (v6, v7, v9, v14)', async () => {
    const vaultId = await oldProfile([15]); // opened at v12, before v6, v7 and v9 existed
    const db = openVaultDb(vaultId);
    await db.open();
    const stores = db.backendDB().objectStoreNames;
    for (const table of [...Object.keys(LATE_TABLES_V16), 'derivePending']) {
      expect(stores.contains(table), table).toBe(true);
    }
    // an index of a late table works (bookmarks: the unique itemKey)
    await db.bookmarks.put({ id: 'b1', itemKey: 'note|kept' } as never);
    expect(await db.bookmarks.where('itemKey').equals('note|kept').count()).toBe(1);
    expect(await db.notes.get('kept')).toMatchObject({ title: 'Kept' });
    db.close();
  });

  it('opens a profile Dexie already patched itself (native version 151)', async () => {
    const vaultId = await oldProfile([]);
    const patched = new Dexie(vaultDbName(vaultId));
    declareOld(patched, [], LATE_TABLES_V16);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await patched.open();
    expect(patched.backendDB().version).toBe(151);
    patched.close();
    const db = openVaultDb(vaultId);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(16); // later versions (v18, ...) apply on top
    expect(await db.notes.get('kept')).toMatchObject({ title: 'Kept' });
    db.close();
  });
});
