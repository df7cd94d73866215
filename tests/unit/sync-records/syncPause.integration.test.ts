import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicatorText } from '../../../src/ui/sync/syncMessages';
import { SYNC_PAUSED } from '../../../src/worker/sync/syncStateStore';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, openDevice, value } from '../sync/syncDevice';

// Issue 20 part 4, spec 3.8 "sync pause" against the real local service: a paused device sends
// and fetches nothing (not even on "Sync now"), says so instead of "Synced", keeps its edits
// queued, stays paused after a restart, and sends what waited once resumed.

let service: SharedSyncService;
const opened: Device[] = [];

beforeAll(async () => {
  service = await sharedSyncService();
}, 120_000);

afterAll(async () => {
  for (const d of opened) d.sync.stop();
  for (const d of opened) await d.close().catch(() => undefined);
}, 60_000);

const titles = async (d: Device) =>
  value<{ tasks: { title: string }[] }>(await d.read('tasks.list', {})).tasks.map((t) => t.title);

describe('sync pause and resume', () => {
  it('sends nothing while paused, survives a restart, and sends what waited on resume', async () => {
    const {
      devices: [a, b],
    } = await devicesOfOneAccount(service.url, 'pause', ['A', 'B']);
    opened.push(a, b);
    await a.sync.pause();
    expect((await a.sync.state()).paused).toBe(true);

    value(await a.write('tasks.create', { title: 'Written while paused' }));
    const from = a.requests.length;
    await a.sync.syncNow();
    expect(a.requests.slice(from)).toEqual([]);
    // the task and the records its first creation made (inbox project, statuses) wait
    expect(indicatorText((await a.sync.state()).status)).toMatch(/^Paused: [1-9]\d* waiting$/);

    // restarted paused: the engine does not start, the pause is read back from the vault
    a.sync.stop();
    a.db.close();
    const again = await openDevice(service.url, 'A', {
      vaultId: a.db.name.replace(/^cairn-vault-/, ''),
      deviceId: a.deviceId,
    });
    opened.push(again);
    await again.sync.init();
    expect(await again.db.syncState.get(SYNC_PAUSED)).toMatchObject({ value: true });
    const state = await again.sync.state();
    expect(state.paused).toBe(true);
    expect(state.status.phase).toBe('paused');
    const since = again.requests.length;
    await again.sync.syncNow();
    expect(again.requests.slice(since)).toEqual([]);
    await b.sync.syncNow();
    expect(await titles(b)).not.toContain('Written while paused');

    await again.sync.resume();
    expect((await again.sync.state()).paused).toBe(false);
    await expect.poll(async () => (await again.sync.state()).status.phase).toBe('synced');
    await b.sync.syncNow();
    expect(await titles(b)).toContain('Written while paused');
  }, 120_000);
});
