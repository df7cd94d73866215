import Dexie, { type EntityTable } from 'dexie';
import { META_DB_NAME } from './names';

/**
 * The directory of local vaults, shared by every tab: `cairn-meta`.
 *
 * Change log:
 * - 2026-11-21 v1: vaults (id, name, created, lastOpened).
 * - 2026-11-21 v2: install (key/value facts of this browser profile, e.g. its device id).
 * - 2026-11-21 v3: deviceSettings (the settings groups that never sync: theme, keyboard, ...;
 *   src/worker/settings). They belong to the browser profile, so every vault shares them.
 * - 2026-11-28 (no version: an unindexed field): vaults.welcome, set on a vault made on this
 *   device (the first-run default, vault.create) and cleared when its welcome note is made.
 */
export interface VaultEntry {
  id: string;
  name: string;
  created: number;
  lastOpened: number;
  /** the sync account vault it was downloaded from (vault.downloadRemote); not indexed */
  syncVaultId?: string;
  /**
   * true until the welcome note is made (stores/welcome.ts): set only on a vault created on this
   * device, never on one downloaded from the sync account (that vault brings its own notes)
   */
  welcome?: boolean;
  /** the vault's icon (one emoji or character; null: none); synced, last writer wins on `iconChangedAt` */
  icon?: string | null;
  /** when the icon was last set, by this device or another (ms, the setter's clock) */
  iconChangedAt?: number;
  /** the `iconChangedAt` the sync service is known to hold: below `iconChangedAt`, a push is due */
  iconOnServiceAt?: number;
}

export interface InstallFact {
  key: string;
  value: string;
}

/** One device-local setting, `group.field` (e.g. `general.theme`); validated by the settings store. */
export interface DeviceSettingRow {
  key: string;
  value: unknown;
  modifiedAt: string;
}

export type MetaDb = Dexie & {
  vaults: EntityTable<VaultEntry, 'id'>;
  install: EntityTable<InstallFact, 'key'>;
  deviceSettings: EntityTable<DeviceSettingRow, 'key'>;
};

export function openMetaDb(indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange): MetaDb {
  const db = new Dexie(
    META_DB_NAME,
    indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {},
  ) as MetaDb;
  db.version(1).stores({ vaults: 'id, lastOpened' });
  db.version(2).stores({ install: 'key' });
  db.version(3).stores({ deviceSettings: 'key' });
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
    const entry = chosen ?? { id: 'default', name: 'My vault', created: now, lastOpened: now, welcome: true };
    const opened = { ...entry, lastOpened: now };
    await meta.vaults.put(opened);
    return opened;
  });
}

/**
 * This install's device id: made once per browser profile and shared by every tab and vault.
 * It names this device in vector clocks and, once signed in, at the sync service.
 */
export async function installDeviceId(meta: MetaDb, newId: () => string): Promise<string> {
  return meta.transaction('rw', meta.install, async () => {
    const known = await meta.install.get('deviceId');
    if (known) return known.value;
    const value = newId();
    await meta.install.add({ key: 'deviceId', value });
    return value;
  });
}
