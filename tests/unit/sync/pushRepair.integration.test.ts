import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

/**
 * Push rules of spec 4.2.3 (pre-send validation) and 4.2.6 (orphan repair), between two engines
 * through the real local service.
 */
let service: SharedSyncService;
let a: Device;
let b: Device;
let email: string;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
    email,
  } = await devicesOfOneAccount(service.url, 'repair', ['A', 'B']));
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('push repair and validation', () => {
  it('re-queues a change whose outbox row was lost (modified after the service acknowledged it)', async () => {
    const { task } = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Before' }));
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(await b.db.tasks.get(task.id)).toMatchObject({ title: 'Before' });
    expect(await a.db.syncAcks.get(`task|${task.id}`)).toBeDefined();

    a.online(false);
    value(await a.write('tasks.update', task.id, { title: 'Edited offline' }));
    await a.sync.signOut(); // sign-out clears every record row of the outbox (spec 4.2.2)
    expect(await a.db.syncQueue.where('qid').startsWith('r|').count()).toBe(0);
    a.online(true);
    await a.signIn(email);
    value(await a.sync.setUp()); // this vault holds its key: a new engine starts, its first run repairs
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(await b.db.tasks.get(task.id)).toMatchObject({ title: 'Edited offline' });
  }, 90_000);

  it('never sends an item that fails the payload schema: a visible schema_invalid dead letter, the rest goes', async () => {
    const { task: good } = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Good' }));
    const row = await a.db.tasks.get(good.id);
    // a row no receiver could read (priority must be 0-4), as a buggy writer or an old build leaves it
    await a.db.tasks.put({
      ...row!,
      id: 'broken-task',
      title: 'Broken',
      priority: 'urgent' as unknown as number,
    });
    const { task: after } = value<{ task: { id: string } }>(
      await a.write('tasks.create', { title: 'After' }),
    );
    await a.sync.syncNow();
    const dead = await a.db.syncQueue.get('r|task|broken-task');
    expect(dead).toMatchObject({ state: 'failed', lastError: { code: 'SCHEMA_INVALID' } });
    const status = (await a.sync.state()).status;
    expect(status.error?.category).toBe('schema_invalid');
    expect(status.deadLetters).toBe(1);
    await b.sync.syncNow();
    expect(await b.db.tasks.get(after.id)).toMatchObject({ title: 'After' });
    expect(await b.db.tasks.get('broken-task')).toBeUndefined();
  }, 90_000);

  it('rebuilds a delete whose clock is unreadable around a new clock and sends it (4.2.3, 4.2.6)', async () => {
    const { task } = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Doomed' }));
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(await b.db.tasks.get(task.id)).toMatchObject({ title: 'Doomed' });
    const acked = (await a.db.syncAcks.get(`task|${task.id}`))!.clock;

    a.online(false);
    value(await a.write('tasks.delete', task.id));
    value(await a.write('trash.deletePermanent', 'task', task.id)); // the tombstone: out of the Trash
    await a.sync.signOut(); // the outbox row is lost
    // and the remembered delete has no readable clock (an old build's or a damaged row)
    const tomb = (await a.db.syncClocks.get(`task|${task.id}`))!;
    expect(tomb.deletedAt).not.toBeNull();
    await a.db.syncClocks.put({ ...tomb, clock: {} });
    a.online(true);
    await a.signIn(email);
    value(await a.sync.setUp());
    await a.sync.syncNow();
    // rebuilt as the acknowledged clock ticked by this install: after what the service holds
    const rebuilt = (await a.db.syncClocks.get(`task|${task.id}`))!.clock;
    const install = Object.keys(acked)[0]!;
    expect(rebuilt).toEqual({ ...acked, [install]: acked[install]! + 1 });
    expect(await a.db.syncQueue.get(`r|task|${task.id}`)).toBeUndefined();
    await b.sync.syncNow();
    expect(await b.db.tasks.get(task.id)).toBeUndefined();
  }, 90_000);
});
