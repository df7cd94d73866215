import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { QueuedRecord } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { MANIFEST_CHECKED_AT } from '../../../src/sync/engine/pull/manifestCheck';
import { emptyRecords } from './emptyRecords';
import { engineOver, manualClock, memoryOutbox, unexpected } from './engineHarness';

/** An engine whose first changes request is refused with 429 and `Retry-After`; counts requests. */
async function engineLimited(clock: ReturnType<typeof manualClock>, retryAfterSeconds: number) {
  const changes: number[] = [];
  let limited = true;
  const call = (async (_m: string, path: string): Promise<SyncResult<unknown>> => {
    if (!path.startsWith('/sync/changes')) return unexpected(path);
    changes.push(clock.now());
    if (limited) {
      limited = false;
      return {
        ok: false,
        error: { code: 'RATE_LIMITED', message: 'slow down', status: 429, retryAfterSeconds },
      };
    }
    return { ok: true, value: { refs: [], nextCursor: 0, serverTimeMs: 0, noteBodies: [] } };
  }) as SyncCall;
  const { engine, statuses } = await engineOver(call, { now: clock.now, timers: clock.timers }, [
    [CURSOR_SKIP_REPAIR, 'done'],
  ]);
  return { engine, changes, statuses };
}

describe('a 429 schedules the next cycle at Retry-After (spec 8.x rate limits)', () => {
  it('retries when the window ends, not at the 60 s tick, and never earlier', async () => {
    const clock = manualClock();
    const { engine, changes, statuses } = await engineLimited(clock, 7);
    engine.start();
    await engine.syncNow();
    expect(changes).toHaveLength(1);
    expect(statuses.at(-1)?.error?.category).toBe('rate_limited');
    expect(clock.delays()).toContain(7_000);

    // every trigger inside the window waits: nothing reaches the service early
    clock.advance(6_999);
    engine.wake();
    engine.requestPush();
    await engine.syncNow();
    expect(changes).toHaveLength(1);

    clock.advance(1);
    await expect.poll(() => changes.length).toBe(2);
    expect(changes[1]! - changes[0]!).toBe(7_000);
    engine.stop();
  });

  it('stop() cancels the pending retry', async () => {
    const clock = manualClock();
    const { engine, changes } = await engineLimited(clock, 3);
    engine.start();
    await engine.syncNow();
    engine.stop();
    clock.advance(3_000);
    await Promise.resolve();
    expect(changes).toHaveLength(1);
    expect(clock.delays()).toHaveLength(0);
  });
});

describe('a 429 met by the pull holds the pull only (issue 16 part 5)', () => {
  it('an edit made while the pull waits out its window is pushed at once; the pull runs when the window ends', async () => {
    const clock = manualClock();
    const sent: string[] = [];
    let limited = true;
    const rows: QueuedRecord[] = [];
    const call = (async (_m: string, path: string, o?: { body?: unknown }): Promise<SyncResult<unknown>> => {
      sent.push(path.split('?')[0]!);
      if (path === '/sync/push') {
        const items = (o!.body as { items: { type: string; id: string }[] }).items;
        return {
          ok: true,
          value: {
            accepted: items.map((i, n) => ({ type: i.type, id: i.id, serverCursor: 10 + n })),
            rejected: [],
            maxCursor: 10 + items.length,
          },
        };
      }
      if (!path.startsWith('/sync/changes')) return unexpected(path);
      if (limited) {
        limited = false;
        return {
          ok: false,
          error: { code: 'RATE_LIMITED', message: 'slow down', status: 429, retryAfterSeconds: 30 },
        };
      }
      return { ok: true, value: { refs: [], nextCursor: 0, serverTimeMs: 0, noteBodies: [] } };
    }) as SyncCall;
    const { engine, statuses } = await engineOver(
      call,
      {
        now: clock.now,
        timers: clock.timers,
        outbox: memoryOutbox(rows),
        records: emptyRecords(async () => ({
          clock: { d: 1 },
          deletedAt: null,
          payload: { id: 'n1', title: 'Edited during the hold' },
        })),
      },
      [
        [CURSOR_SKIP_REPAIR, 'done'],
        [LAST_CURSOR, 5],
        [MANIFEST_CHECKED_AT, 0],
      ],
    );
    engine.start();
    await engine.syncNow();
    expect(sent).toEqual(['/sync/changes']);
    expect(statuses.at(-1)?.error?.category).toBe('rate_limited');

    clock.advance(5_000);
    rows.push({ qid: 'r|note|n1', type: 'note', id: 'n1', op: 'update', version: 1 });
    await engine.syncNow();
    // pushed now, 25 s before the pull's window ends; the pull is not asked again early
    // (the first push's key check asks the key record first; unscripted here, it does not block)
    expect(sent.slice(1).filter((p) => p !== '/auth/key-verifier')).toEqual(['/sync/push']);
    expect(rows).toHaveLength(0);
    expect(statuses.at(-1)?.phase).not.toBe('synced');

    clock.advance(25_000);
    await expect.poll(() => sent.filter((p) => p === '/sync/changes').length).toBe(2);
    await engine.syncNow();
    expect(statuses.at(-1)?.phase).toBe('synced');
    engine.stop();
  });
});
