import { describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateDeviceKey, generateVaultKey } from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { CURSOR_SKIP_REPAIR } from '../../../src/sync/engine/pull/cursorRepair';
import { createSyncEngine } from '../../../src/sync/engine/syncEngine';
import type { SyncStatus } from '../../../src/sync/engine/syncStatus';
import { emptyRecords } from './emptyRecords';

/** Manual timers over a manual clock: `advance` moves the clock and fires what is due. */
function manualClock() {
  let now = 1_000_000;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers = {
    setTimeout: (fn: () => void, ms: number) => {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h: unknown) => void pending.delete(h as number),
    // the 60 s tick is never fired here: the test proves the retry does not wait for it
    setInterval: () => 0,
    clearInterval: () => {},
  };
  return {
    timers,
    now: () => now,
    delays: () => [...pending.values()].map((t) => t.at - now),
    advance(ms: number) {
      now += ms;
      for (const [h, t] of [...pending]) {
        if (t.at > now) continue;
        pending.delete(h);
        t.fn();
      }
    },
  };
}

async function engineLimited(clock: ReturnType<typeof manualClock>, retryAfterSeconds: number) {
  const changes: number[] = [];
  let limited = true;
  const call = (async (_m: string, path: string): Promise<SyncResult<unknown>> => {
    if (!path.startsWith('/sync/changes'))
      return { ok: false, error: { code: 'HTTP_ERROR', message: `unexpected ${path}`, status: 404 } };
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
  const state = new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
  const statuses: SyncStatus[] = [];
  const engine = createSyncEngine({
    call,
    outbox: {
      nextRecords: async () => [],
      settle: async () => {},
      nextBodies: async () => [],
      ackBodies: async () => {},
      counts: async () => ({ queued: 0, deadLetters: 0 }),
      purgeDeadLetters: async () => 0,
    },
    records: emptyRecords(async () => null),
    bodies: {
      applyRemote: async () => {},
      uploadInfo: async () => new Map(),
      markOf: async () => null,
      bodyIds: async () => [],
      setMarks: async () => {},
    },
    state: {
      get: async <T>(k: string) => state.get(k) as T | undefined,
      set: async (k, v) => void state.set(k, v),
    },
    keyring: deriveVaultKeyring(generateVaultKey(), '0b6f0000-0000-4000-8000-000000000007'),
    signer: { key: await generateDeviceKey(undefined), deviceId: 'd' },
    types: ['note'],
    now: clock.now,
    appVersion: '0.1.0',
    timers: clock.timers,
    onStatus: (s) => statuses.push(s),
    onApplied: () => {},
  });
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
