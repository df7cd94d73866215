import { deriveVaultKeyring, generateDeviceKey, generateVaultKey } from '../../src/sync/crypto';
import { sealPushItem } from '../../src/sync/engine/push/sealPushItem';
import { startSyncService } from '../server/spawn-service';
import { openDevice, value } from '../unit/sync/syncDevice';
import type { BenchRow } from './types';

const NOTES = 1_000;

/**
 * The client sync path against a real local service (workerd): first sync of a vault of NOTES
 * notes (records and bodies) to a fresh device through the item path, the time from an edit on
 * device A to it applied on device B (push, then B's pull), and how much of the first push is
 * sealing and signing. Node with fake-indexeddb: IndexedDB costs differ from a browser's; the
 * figures compare runs of this bench, they are not the browser's absolute numbers.
 */
export default async function bench(): Promise<BenchRow[]> {
  const service = await startSyncService();
  const a = await openDevice(service.url, 'A');
  const b = await openDevice(service.url, 'B');
  try {
    const email = `bench-${Date.now()}@test.cairn.local`;
    await a.signIn(email);
    const created = value<{ kind: string; recoveryKey: string }>(await a.sync.setUp());
    for (let i = 0; i < NOTES; i++) {
      value(
        await a.notes.create({ title: `Note ${i}`, markdown: `Body of note ${i}, with a few words in it.` }),
      );
    }
    let t = performance.now();
    await a.sync.syncNow();
    const firstPush = performance.now() - t;

    await b.signIn(email);
    await b.sync.setUp();
    t = performance.now();
    value(await b.sync.restore(created.recoveryKey)); // starts the engine: the first full pull
    await b.sync.syncNow();
    const firstSync = performance.now() - t;
    const arrived = await b.db.notes.count();

    const id = (await a.db.notes.limit(1).primaryKeys())[0]!;
    t = performance.now();
    value(await a.notes.rename(id, 'Renamed for the latency figure'));
    await a.sync.syncNow();
    await b.sync.syncNow();
    const editToApplied = performance.now() - t;
    const applied = (await b.notes.get(id))?.title === 'Renamed for the latency figure';

    const keyring = deriveVaultKeyring(generateVaultKey(), '0b6f0000-0000-4000-8000-0000000000bb');
    const signer = { key: await generateDeviceKey(globalThis.crypto.subtle), deviceId: 'd' };
    t = performance.now();
    for (let i = 0; i < NOTES; i++) {
      await sealPushItem(
        keyring,
        signer,
        { type: 'note', id: `n${i}` },
        {
          clock: { d: 1 },
          deletedAt: null,
          payload: { id: `n${i}`, title: `Note ${i}`, snippet: 'Body of note, with a few words in it.' },
        },
      );
    }
    const sealing = performance.now() - t;

    return [
      {
        group: 'sync-client',
        name: `first push of ${NOTES} notes (records + bodies)`,
        value: Math.round(firstPush),
        unit: 'ms',
      },
      {
        group: 'sync-client',
        name: `first sync of ${NOTES} notes to a fresh device`,
        value: Math.round(firstSync),
        unit: 'ms',
        note: `${arrived} notes arrived`,
      },
      {
        group: 'sync-client',
        name: 'edit on A to applied on B (push + pull path)',
        value: Math.round(editToApplied),
        unit: 'ms',
        ok: applied,
        note: applied ? 'applied' : 'NOT applied',
      },
      {
        group: 'sync-client',
        name: `sealing + signing ${NOTES} records (crypto share of the first push)`,
        value: Math.round(sealing),
        unit: 'ms',
        note: `${Math.round((100 * sealing) / firstPush)}% of the first push`,
      },
    ];
  } finally {
    await a.close();
    await b.close();
    await service.stop();
  }
}
