import { tick } from '../domain/clock/vectorClock';
import { writeTx } from '../planning/writeTx';
import type { VaultServices } from '../vault/services';
import type { SettingsBackend } from './settingsBackend';

/**
 * The synced groups, in the vault database's `settings` table: one row per key with its own
 * vector clock, advanced under this device's id on every write, so that two devices changing
 * different settings of a group never overwrite each other (the sync engine merges per row).
 */
export function vaultSettingsBackend(services: VaultServices): SettingsBackend {
  const { db } = services;
  return {
    table: 'settings',
    async read(prefix) {
      const rows = await db.settings.where('key').startsWith(prefix).toArray();
      return rows.map((r) => ({ key: r.key, value: r.value }));
    },
    async write(entries) {
      const res = await writeTx(services, [db.settings], async (changes) => {
        const modifiedAt = new Date(services.now()).toISOString();
        const prev = await db.settings.bulkGet(entries.map((e) => e.key));
        await db.settings.bulkPut(
          entries.map((e, i) => ({
            key: e.key,
            value: e.value,
            modifiedAt,
            clock: tick(prev[i]?.clock ?? {}, services.deviceId),
          })),
        );
        changes.push({ table: 'settings', op: 'put', ids: entries.map((e) => e.key) });
      });
      if (!res.ok) throw new Error(res.error.message);
    },
  };
}
