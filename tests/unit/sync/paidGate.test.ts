import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { NEGATIVE_PAID_CACHE_MS } from '../../../src/sync/engine/paidGate';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { MANIFEST_CHECKED_AT } from '../../../src/sync/engine/pull/manifestCheck';
import { engineOver, manualClock, unexpected } from './engineHarness';

// Spec 8.3, the negative paid-cache (issue 20 part 2): after SYNC_PAYMENT_REQUIRED automatic
// cycles send nothing for an hour; Sync now, a plan read that says active, or the hour's end
// ask the service again.
async function unpaidEngine() {
  const clock = manualClock();
  let paid = false;
  const sent: string[] = [];
  const call = (async (_m: string, path: string): Promise<SyncResult<unknown>> => {
    if (!path.startsWith('/sync/changes')) return unexpected(path);
    sent.push(path);
    if (!paid)
      return { ok: false, error: { code: 'SYNC_PAYMENT_REQUIRED', message: 'no plan', status: 402 } };
    return { ok: true, value: { refs: [], nextCursor: 5, serverTimeMs: 0, noteBodies: [] } };
  }) as SyncCall;
  const { engine, statuses } = await engineOver(call, { now: clock.now, timers: clock.timers }, [
    [CURSOR_SKIP_REPAIR, 'done'],
    [LAST_CURSOR, 5],
    [MANIFEST_CHECKED_AT, clock.now()],
  ]);
  engine.start();
  await engine.syncNow();
  return {
    engine,
    statuses,
    sent,
    clock,
    pay: () => {
      paid = true;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('negative paid-cache (spec 8.3)', () => {
  it('holds automatic cycles for an hour after a 402, the payment error kept', async () => {
    const { engine, statuses, sent, clock } = await unpaidEngine();
    expect(statuses.at(-1)?.error?.category).toBe('sync_payment_required');
    sent.splice(0);
    engine.wake(99);
    engine.foreground();
    engine.requestPush();
    clock.advance(NEGATIVE_PAID_CACHE_MS - 1000);
    engine.wake(100);
    await settle();
    expect(sent).toEqual([]);
    expect(statuses.at(-1)?.error?.category).toBe('sync_payment_required');
    clock.advance(2000);
    engine.wake(101);
    await settle();
    expect(sent.length).toBe(1);
    engine.stop();
  });

  it('a plan read that says active lifts it and syncs at once; Sync now always asks', async () => {
    const { engine, statuses, sent, pay } = await unpaidEngine();
    sent.splice(0);
    await engine.syncNow();
    expect(sent.length).toBe(1);
    engine.planChanged(false);
    engine.wake(99);
    await settle();
    expect(sent.length).toBe(1);
    pay();
    engine.planChanged(true);
    await settle();
    await engine.syncNow();
    expect(statuses.at(-1)?.error ?? null).toBeNull();
    expect(statuses.at(-1)?.phase).toBe('synced');
    engine.stop();
  });

  it('a plan read that says "not allowed" at start shows why and sends nothing automatic', async () => {
    const clock = manualClock();
    const sent: string[] = [];
    const call = (async (_m: string, path: string) => {
      sent.push(path);
      return { ok: true, value: { refs: [], nextCursor: 5, serverTimeMs: 0, noteBodies: [] } };
    }) as SyncCall;
    const { engine, statuses } = await engineOver(call, { now: clock.now, timers: clock.timers }, [
      [CURSOR_SKIP_REPAIR, 'done'],
      [LAST_CURSOR, 5],
      [MANIFEST_CHECKED_AT, clock.now()],
    ]);
    engine.start();
    await engine.syncNow();
    engine.planChanged(false);
    await settle();
    expect(statuses.at(-1)?.error?.code).toBe('SYNC_PAYMENT_REQUIRED');
    sent.splice(0);
    engine.wake(50);
    engine.requestPush();
    await settle();
    expect(sent).toEqual([]);
    engine.stop();
  });
});
