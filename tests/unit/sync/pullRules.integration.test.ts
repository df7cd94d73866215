import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_CHECK_INTERVAL_MS, MANIFEST_CHECKED_AT } from '../../../src/sync/engine/pull/manifestCheck';
import { markPulled } from '../../../src/worker/sync/pulledTransactions';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

/**
 * The pull rules of spec 4.3.6 (orphans, dangling status), 4.3.7 (purged tombstones) and 4.3.9
 * (the manifest check), between engines through the real local service.
 */
let service: SharedSyncService;
let a: Device;
let b: Device;

const DAY = 86_400_000;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
  } = await devicesOfOneAccount(service.url, 'rules', ['A', 'B']));
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** Writes in a transaction marked pulled: the outbox neither queues it nor keeps a tombstone. */
const unnoticed = (d: Device, fn: () => Promise<unknown>) =>
  d.db.transaction('rw', d.db.tables, async () => {
    markPulled(Dexie.currentTransaction);
    await fn();
  });

async function both() {
  await a.sync.syncNow();
  await b.sync.syncNow();
  await a.sync.syncNow();
}

describe('pull rules against the real service', () => {
  it('tombstones an orphan whose project is gone, and clears a dangling status_id', async () => {
    const [project] = value<{ projects: { id: string }[] }>(
      await a.write('tasks.createProject', { name: 'Doomed' }),
    ).projects;
    const { task: orphan } = value<{ task: { id: string } }>(
      await a.write('tasks.create', { title: 'In doomed', projectId: project!.id }),
    );
    const [status] = value<{ statuses: { id: string }[] }>(
      await a.write('tasks.createStatus', { projectId: 'inbox', name: 'Waiting' }),
    ).statuses;
    const { task: kept } = value<{ task: { id: string } }>(
      await a.write('tasks.create', { title: 'Waits', statusId: status!.id }),
    );
    // the parents go, the children stay on the service (as a device that crashed midway leaves them)
    await a.db.projects.delete(project!.id);
    await a.db.statuses.delete(status!.id);
    await a.sync.syncNow();

    await b.sync.syncNow(); // B's first pull: the children arrive, their parents are gone
    expect(await b.db.tasks.get(orphan.id)).toBeUndefined();
    expect(await b.db.tasks.get(kept.id)).toMatchObject({ title: 'Waits', statusId: null });
    // the orphan's delete went out with B's clock tick, so A drops it too
    await a.sync.syncNow();
    expect(await a.db.tasks.get(orphan.id)).toBeUndefined();
  }, 90_000);

  it('re-fetches a missing parent by id and applies it before the child', async () => {
    const [project] = value<{ projects: { id: string }[] }>(
      await a.write('tasks.createProject', { name: 'Kept' }),
    ).projects;
    const { task } = value<{ task: { id: string } }>(
      await a.write('tasks.create', { title: 'Child', projectId: project!.id }),
    );
    await both();
    await b.sync.syncNow();
    expect(await b.db.projects.get(project!.id)).toBeDefined();
    await unnoticed(b, () => b.db.projects.delete(project!.id)); // lost here, still on the service
    value(await a.write('tasks.update', task.id, { title: 'Child renamed' }));
    await a.sync.syncNow();
    const before = b.requests.length;
    await b.sync.syncNow();
    // the child comes inline on the first page (spec 4 `inline=1`); its parent is fetched by id
    expect(b.requests.slice(before).filter((r) => r === 'POST /sync/pull').length).toBeGreaterThanOrEqual(1);
    expect(await b.db.projects.get(project!.id)).toMatchObject({ name: 'Kept' });
    expect(await b.db.tasks.get(task.id)).toMatchObject({ title: 'Child renamed', projectId: project!.id });
  }, 90_000);

  it('applies a purged tombstone the pull asked for', async () => {
    const { task } = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Short-lived' }));
    await both();
    expect(await b.db.tasks.get(task.id)).toBeDefined();
    b.online(false);
    value(await a.write('tasks.delete', task.id));
    value(await a.write('trash.deletePermanent', 'task', task.id)); // the tombstone: out of the Trash
    await a.sync.syncNow();
    const session = (await a.db.syncState.get('session'))?.value as { accessToken: string };
    const purged = await fetch(`${service.url}/dev/purge-tombstones`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ asOfMs: Date.now() + 400 * DAY }),
    });
    expect(((await purged.json()) as { purged: number }).purged).toBeGreaterThanOrEqual(1);
    b.online(true);
    await b.sync.syncNow();
    expect(await b.db.tasks.get(task.id)).toBeUndefined();
  }, 90_000);

  it('runs the manifest check at most every 30 minutes: fetches what is provably missing, re-sends what the service lacks', async () => {
    const { task: lost } = value<{ task: { id: string } }>(
      await a.write('tasks.create', { title: 'Lost on B' }),
    );
    await both();
    await unnoticed(b, () => b.db.tasks.delete(lost.id));
    const { task: unsent } = value<{ task: { id: string } }>(
      await b.write('tasks.create', { title: 'Never sent' }),
    );
    await unnoticed(b, () => b.db.syncQueue.clear()); // as if its outbox row had been lost
    await b.sync.syncNow(); // checked at the first sync already: the throttle holds this one
    expect(await b.db.tasks.get(lost.id)).toBeUndefined();

    await b.db.syncState.put({
      key: MANIFEST_CHECKED_AT,
      value: Date.now() - MANIFEST_CHECK_INTERVAL_MS - 1,
    });
    const before = b.requests.length;
    await b.sync.syncNow();
    expect(b.requests.slice(before)).toContain('GET /sync/manifest');
    expect(await b.db.tasks.get(lost.id)).toMatchObject({ title: 'Lost on B' });
    await b.sync.syncNow();
    await a.sync.syncNow();
    expect(await a.db.tasks.get(unsent.id)).toMatchObject({ title: 'Never sent' });

    const again = b.requests.length;
    await b.sync.syncNow();
    expect(b.requests.slice(again)).not.toContain('GET /sync/manifest');
  }, 90_000);
});
