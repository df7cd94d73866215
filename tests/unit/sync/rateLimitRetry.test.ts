import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { CURSOR_SKIP_REPAIR } from '../../../src/sync/engine/pull/cursorRepair';
import { engineOver, manualClock, unexpected } from './engineHarness';

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
