import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { CURSOR_SKIP_REPAIR } from '../../../src/sync/engine/pull/cursorRepair';
import { createSyncSocket, type SocketLike } from '../../../src/sync/engine/socket/syncSocket';
import { engineOver, idleTimers, unexpected } from './engineHarness';

/** An engine with nothing to push over a feed that ends at `head`; counts changes requests. */
async function engineAt(head: { cursor: number }) {
  const changes: number[] = [];
  const call = (async (_m: string, path: string): Promise<SyncResult<unknown>> => {
    if (!path.startsWith('/sync/changes')) return unexpected(path);
    const from = Number(new URL(path, 'http://x').searchParams.get('cursor'));
    changes.push(from);
    // no refs: the feed's end moves (as a body entry of another note would move it)
    return {
      ok: true,
      value: { refs: [], nextCursor: Math.max(from, head.cursor), serverTimeMs: 0, noteBodies: [] },
    };
  }) as SyncCall;
  const { engine } = await engineOver(call, {}, [[CURSOR_SKIP_REPAIR, 'done']]);
  return { engine, changes };
}

describe('wakes (spec 4.3.1): a wake at or below the pulled cursor is dropped', () => {
  it('pulls for a newer cursor, not for one already pulled', async () => {
    const head = { cursor: 0 };
    const { engine, changes } = await engineAt(head);
    head.cursor = 7;
    engine.start();
    await engine.syncNow();
    const before = changes.length;

    engine.wake(7);
    engine.wake(3);
    // a dropped wake starts nothing: the next syncNow's own request is the only new one
    await engine.syncNow();
    expect(changes.length).toBe(before + 1);

    head.cursor = 9;
    engine.wake(9);
    await vi.waitFor(() => expect(changes.length).toBe(before + 2));
    expect(changes.at(-1)).toBe(7); // it pulled on from where it was
    engine.stop();
  });

  it('a wake without a cursor (socket connected) always pulls', async () => {
    const { engine, changes } = await engineAt({ cursor: 0 });
    engine.start();
    await engine.syncNow();
    const before = changes.length;
    engine.wake();
    await vi.waitFor(() => expect(changes.length).toBe(before + 1));
    engine.stop();
  });
});

describe('socket frames pass their cursor to the wake', () => {
  it('connected wakes without a cursor, announcements with theirs, a duplicate update not at all', async () => {
    const wakes: (number | undefined)[] = [];
    let socket: SocketLike | null = null;
    const sync = createSyncSocket({
      baseUrl: 'http://127.0.0.1:1',
      vaultId: 'v',
      types: ['note'],
      accessToken: async () => 't',
      open: () => {
        socket = {
          send: () => {},
          close: () => {},
          onopen: null,
          onmessage: null,
          onclose: null,
          onerror: null,
        };
        return socket;
      },
      timers: idleTimers,
      onWake: (cursor) => wakes.push(cursor),
      onRevoked: () => {},
    });
    sync.start();
    await vi.waitFor(() => expect(socket).not.toBeNull());
    const send = (frame: unknown) => socket!.onmessage?.({ data: JSON.stringify(frame) });
    send({ type: 'connected' });
    send({ type: 'changes_available', cursor: 12 });
    send({ type: 'crdt_updated', noteId: 'n1', cursor: 13 });
    send({ type: 'crdt_updated', noteId: 'n1' });
    expect(wakes).toEqual([undefined, 12, 13]);
    sync.stop();
  });
});
