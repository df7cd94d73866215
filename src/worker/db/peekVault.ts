import type { VaultEntry } from './meta';
import { META_DB_NAME } from './names';
import { openExisting, request } from './rawIdb';

/**
 * The vault `resolveVault` (meta.ts) would choose, read without writing and without Dexie: the
 * one asked for when it exists, else the one opened last, else the default vault of a first run.
 * The worker's entry needs it for its first list reads; the vault's own open then records the
 * vault as opened, once.
 */
export async function peekVault(
  factory: IDBFactory,
  requested: string | null,
  now: number,
): Promise<VaultEntry> {
  const fallback: VaultEntry = { id: 'default', name: 'My vault', created: now, lastOpened: now };
  const db = await openExisting(factory, META_DB_NAME);
  if (db === null) return fallback;
  try {
    if (!db.objectStoreNames.contains('vaults')) return fallback;
    const vaults = db.transaction('vaults', 'readonly').objectStore('vaults');
    const asked = requested ? ((await request(vaults.get(requested))) as VaultEntry | undefined) : undefined;
    if (asked) return asked;
    const last = await request(vaults.index('lastOpened').openCursor(null, 'prev'));
    return (last?.value as VaultEntry | undefined) ?? fallback;
  } finally {
    db.close();
  }
}
