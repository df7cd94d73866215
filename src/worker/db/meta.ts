import Dexie, { type EntityTable } from 'dexie';

/**
 * The directory of local vaults, shared by every tab: `cairn-meta`.
 *
 * Change log:
 * - 2026-11-21 v1: vaults (id, name, created, lastOpened).
 */
export interface VaultEntry {
  id: string;
  name: string;
  created: number;
  lastOpened: number;
}

export type MetaDb = Dexie & { vaults: EntityTable<VaultEntry, 'id'> };

export function openMetaDb(indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange): MetaDb {
  const db = new Dexie(
    'cairn-meta',
    indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {},
  ) as MetaDb;
  db.version(1).stores({ vaults: 'id, lastOpened' });
  return db;
}

/**
 * The vault to open: the one asked for when it exists, else the one opened last, else a new
 * default vault created on the spot (first run asks no questions). Safe when two tabs race on a
 * first run: the default vault has a fixed id, so both tabs land on the same one.
 */
export async function resolveVault(meta: MetaDb, requested: string | null, now: number): Promise<VaultEntry> {
  return meta.transaction('rw', meta.vaults, async () => {
    const asked = requested ? await meta.vaults.get(requested) : undefined;
    const chosen = asked ?? (await meta.vaults.orderBy('lastOpened').last());
    const entry = chosen ?? { id: 'default', name: 'My vault', created: now, lastOpened: now };
    const opened = { ...entry, lastOpened: now };
    await meta.vaults.put(opened);
    return opened;
  });
}
