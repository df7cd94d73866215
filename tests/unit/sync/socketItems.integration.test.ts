import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { SocketLike } from '../../../src/sync/engine/socket/syncSocket';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

let service: SharedSyncService;
let a: Device;
let b: Device;
/** while set, B's changes requests wait for it: no pull of B gets anything */
let changesHeld: Promise<void> | null = null;
let sockets = 0;

const changesOf = (d: Device) => d.requests.filter((r) => r === 'GET /sync/changes').length;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
  } = await devicesOfOneAccount(service.url, 'sockitems', ['A', 'B'], {
    B: {
      // a Node WebSocket in the browser's shape (ws hands text frames over as strings)
      openSocket: (url, protocols) => {
        const ws = new WebSocket(url, protocols);
        ws.once('open', () => sockets++);
        return ws as unknown as SocketLike;
      },
      beforeFetch: async (method, path) => {
        if (method === 'GET' && path === '/sync/changes') await changesHeld;
      },
    },
  }));
  // something on the feed, so B has a cursor (a frame never applies before a device's first sync)
  value(await a.notes.create({ title: 'Before', markdown: 'x' }));
  await a.sync.syncNow();
  await b.sync.syncNow();
  await vi.waitFor(() => expect(sockets).toBe(1), { timeout: 15_000, interval: 50 });
  await b.sync.syncNow(); // the pull the socket's `connected` frame asked for is done
}, 120_000);

afterAll(async () => {
  changesHeld = null;
  // a pull released late (a failed assertion) must finish before the database closes under it
  await b?.sync.syncNow();
  await a?.close();
  await b?.close();
});

describe('socket item frames against the real local service', () => {
  it('applies a pushed note and task on the other device from the frame, before any pull', async () => {
    let release: () => void = () => {};
    changesHeld = new Promise<void>((r) => (release = r));
    const pullsBefore = changesOf(b);
    try {
      const note = value<{ id: string }>(
        await a.notes.create({ title: 'From the socket', markdown: 'hello' }),
      );
      const { task } = value<{ task: { id: string } }>(
        await a.write('tasks.create', { title: 'Socket task', priority: 3 }),
      );
      await a.sync.syncNow();

      await expect
        .poll(async () => (await b.db.tasks.get(task.id))?.title, { timeout: 15_000 })
        .toBe('Socket task');
      await expect
        .poll(async () => (await b.notes.get(note.id))?.title, { timeout: 15_000 })
        .toBe('From the socket');
      // every changes request of B is still held: nothing came through a pull
      expect(changesOf(b)).toBe(pullsBefore);
      // applied as pulled: nothing queued back, and the body is owed (the empty baseline so far)
      expect(await b.db.syncQueue.count()).toBe(0);
      expect((await b.db.bodies.get(note.id))?.markdown ?? '').toBe('');

      release();
      changesHeld = null;
      await b.sync.syncNow();
      // the wake pull brings the body the frame never carries
      await expect
        .poll(async () => (await b.db.bodies.get(note.id))?.markdown, { timeout: 15_000 })
        .toBe('hello');
      expect(changesOf(b)).toBeGreaterThan(pullsBefore);
    } finally {
      release();
      changesHeld = null;
    }
  }, 60_000);
});
