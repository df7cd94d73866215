import 'fake-indexeddb/auto';
import { type ChangeBatch, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openMetaDb } from '../../../src/worker/db/meta';
import { openVaultDb } from '../../../src/worker/db/schema';
import { createRegistry } from '../../../src/worker/ops/registry';
import { settingsOperations } from '../../../src/worker/ops/settings';
import { createDeviceFacts } from '../../../src/worker/settings/deviceFacts';
import { deviceSettingsBackend } from '../../../src/worker/settings/deviceSettingsBackend';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import type { VaultServices } from '../../../src/worker/vault/services';

let n = 0;

/**
 * A vault database and a meta database over fake-indexeddb, the settings store over both (as
 * openVault wires it), and the settings operations in a registry called as the UI calls it.
 */
export async function openSettingsVault(deviceId = 'devA') {
  const suffix = `${++n}-${Date.now()}`;
  const db = openVaultDb(`settings-test-${suffix}`);
  await db.open();
  const meta = openMetaDb();
  // each test its own meta database: rename through a fresh Dexie name is not possible, so clear it
  await meta.open();
  await meta.deviceSettings.clear();
  const feed = new ChangeFeed('v', null);
  const batches: ChangeBatch[] = [];
  feed.subscribe((b) => batches.push(b));
  let ms = Date.parse('2026-11-21T10:00:00Z');
  const services: VaultServices = {
    vaultId: 'v',
    db,
    feed,
    now: () => ms++,
    newId: () => `id${ms}`,
    deviceId,
  };
  const store = createSettingsStore(services, { device: deviceSettingsBackend(meta, feed, services.now) });
  const device = createDeviceFacts();
  const registry = createRegistry(settingsOperations(store, device));
  const ui = { caller: { kind: 'ui' } } as const;
  return {
    db,
    meta,
    services,
    store,
    device,
    registry,
    batches,
    read: (op: string, ...args: unknown[]) => registry.read(op, args, ui),
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'once' }),
    close: async () => {
      await db.delete();
      meta.close();
    },
  };
}
