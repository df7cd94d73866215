import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KEY } from '../../../src/worker/sync/syncStateStore';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, joinAccount, openDevice, value } from '../sync/syncDevice';

// Spec 5.4 against the real local service: an install whose signing key is no longer the one its
// device id is registered under (its stored key was lost and made anew) has every push refused.
// The repair is a teardown of the session so that signing in registers the device again; the
// local key is never rewritten to match, and nothing queued on the device is lost on the way.

let service: SharedSyncService;
const opened: Device[] = [];

beforeAll(async () => {
  service = await sharedSyncService();
}, 120_000);

afterAll(async () => {
  for (const d of opened) d.sync.stop();
  for (const d of opened) await d.close().catch(() => {});
}, 60_000);

const titles = async (d: Device) =>
  value<{ tasks: { title: string }[] }>(await d.read('tasks.list', {})).tasks.map((t) => t.title);

describe('a device whose signing key no longer matches its registration', () => {
  it('is signed out, keeps its queue, and after signing in again its changes arrive', async () => {
    const {
      devices: [first],
      email,
      recoveryKey,
    } = await devicesOfOneAccount(service.url, 'key-mismatch', ['A']);
    opened.push(first);
    value(await first.write('tasks.create', { title: 'Before the key was lost' }));
    await first.sync.syncNow();
    expect((await first.sync.state()).status.phase).toBe('synced');

    // the install restarts with its stored signing key gone: a new one is made, its session kept
    first.sync.stop();
    first.db.close();
    const name = first.db.name.replace(/^cairn-vault-/, ''); // openDevice's vaultId names the database
    const raw = await openDevice(service.url, 'A', { vaultId: name, deviceId: first.deviceId });
    await raw.db.syncState.delete(DEVICE_KEY);
    raw.sync.stop();
    raw.db.close();
    const a = await openDevice(service.url, 'A', { vaultId: name, deviceId: first.deviceId });
    opened.push(a);
    await a.sync.init();
    const signedInAs = (await a.sync.state()).account?.deviceId;
    expect(signedInAs).toBeTruthy();

    value(await a.write('tasks.create', { title: 'Written under the new key' }));
    await a.sync.syncNow();
    // refused as SYNC_INVALID_SIGNATURE: the session is torn down, the device told why
    await expect.poll(async () => (await a.sync.state()).setup).toBe('signed_out');
    const after = await a.sync.state();
    expect(after.keyMismatchSignedOut).toBe(true);
    expect(after.account).toBeNull();
    const queued = (await a.db.syncQueue.toArray()).filter(
      (r) => r.kind === 'record' && r.state === 'queued',
    );
    expect(queued.map((r) => r.type)).toEqual(['task']);

    // signing in again registers this install's (new) key under a new device id; the queue goes
    await a.signIn(email);
    expect((await a.sync.state()).keyMismatchSignedOut).toBe(false);
    expect((await a.sync.state()).account?.deviceId).not.toBe(signedInAs);
    value(await a.sync.setUp());
    await a.sync.syncNow();
    expect((await a.sync.state()).status.phase).toBe('synced');

    const b = await openDevice(service.url, 'B');
    opened.push(b);
    await joinAccount(b, email, recoveryKey);
    await b.sync.syncNow();
    expect(await titles(b)).toEqual(
      expect.arrayContaining(['Before the key was lost', 'Written under the new key']),
    );
  }, 120_000);
});
