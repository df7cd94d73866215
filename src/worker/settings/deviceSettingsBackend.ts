import type { ChangeFeed } from '../changes/changeFeed';
import type { MetaDb } from '../db/meta';
import type { SettingsBackend } from './settingsBackend';

/**
 * The device-local groups, in the browser profile's meta database (`deviceSettings`): shared by
 * every vault of this browser, never seen by the sync engine (which watches vault databases only).
 * Writes are announced on the open vault's feed as table `deviceSettings`.
 */
export function deviceSettingsBackend(meta: MetaDb, feed: ChangeFeed, now: () => number): SettingsBackend {
  return {
    table: 'deviceSettings',
    async read(prefix) {
      const rows = await meta.deviceSettings.where('key').startsWith(prefix).toArray();
      return rows.map((r) => ({ key: r.key, value: r.value }));
    },
    async write(entries) {
      const modifiedAt = new Date(now()).toISOString();
      await meta.deviceSettings.bulkPut(entries.map((e) => ({ key: e.key, value: e.value, modifiedAt })));
      feed.committed([{ table: 'deviceSettings', op: 'put', ids: entries.map((e) => e.key) }]);
    },
  };
}
