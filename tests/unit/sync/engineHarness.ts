import { deriveVaultKeyring, generateDeviceKey, generateVaultKey } from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { OutboxPort, QueuedRecord } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { MANIFEST_CHECKED_AT } from '../../../src/sync/engine/pull/manifestCheck';
import { createSyncEngine, type EngineDeps, type Timers } from '../../../src/sync/engine/syncEngine';
import type { SyncStatus } from '../../../src/sync/engine/syncStatus';
import { emptyRecords } from './emptyRecords';
import { manualTimers } from './manualTimers';
import { emptyBodies, memoryState } from './syncFakes';

/**
 * The sync engine over in-memory ports and a scripted service (`call`), for tests of the engine's
 * own rules (wakes, rate holds, parking) with no IndexedDB and no real service. Every test that
 * builds one stops it (`engine.stop()`), so no timer outlives the file.
 */

/** Timers that never fire: the test drives every cycle itself (syncNow, wake, foreground). */
export const idleTimers: Timers = {
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  clearInterval: () => {},
};

/**
 * Manual timers over a manual clock: `advance` moves the clock and fires the timeouts then due.
 * The interval (the engine's 60 s pull tick) never fires, so a test proves what happens without it.
 */
export function manualClock(start = 1_000_000) {
  let now = start;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h) => void pending.delete(h as number),
    setInterval: () => 0,
    clearInterval: () => {},
  };
  return {
    timers,
    now: () => now,
    /** the delays of the timeouts still pending, from now */
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

/** The service's answer to a path the test did not script. */
export const unexpected = (path: string): SyncResult<never> => ({
  ok: false,
  error: { code: 'HTTP_ERROR', message: `unexpected ${path}`, status: 404 },
});

/** An outbox with nothing queued. */
export const emptyOutbox = (): OutboxPort => ({
  nextRecords: async () => [],
  settle: async () => {},
  nextBodies: async () => [],
  ackBodies: async () => {},
  counts: async () => ({ queued: 0, deadLetters: 0 }),
  purgeDeadLetters: async () => 0,
});

/** An outbox of record rows in memory (the engine's view; the Dexie one has its own tests): accepted rows leave it. */
export function memoryOutbox(rows: QueuedRecord[]): OutboxPort {
  return {
    nextRecords: async (limit, exclude) => rows.filter((r) => !exclude.has(r.qid)).slice(0, limit),
    async settle(outcomes) {
      for (const { row, outcome } of outcomes)
        if (outcome.kind === 'accepted') rows.splice(rows.indexOf(row), 1);
    },
    nextBodies: async () => [],
    ackBodies: async () => {},
    counts: async () => ({ queued: rows.length, deadLetters: 0 }),
    purgeDeadLetters: async () => 0,
  };
}

/**
 * An engine over `call` with nothing queued or stored, a real keyring and signer, the wall clock
 * and idle timers; `deps` replaces any of them. `state` seeds the engine's key-value state (e.g.
 * `[[CURSOR_SKIP_REPAIR, 'done']]` to skip the one-time cursor repair). Every status it reports is
 * kept in `statuses`.
 */
export async function engineOver(
  call: SyncCall,
  deps: Partial<Omit<EngineDeps, 'call' | 'onStatus'>> = {},
  state: Iterable<[string, unknown]> = [],
) {
  const stored = new Map<string, unknown>(state);
  const statuses: SyncStatus[] = [];
  const engine = createSyncEngine({
    call,
    outbox: emptyOutbox(),
    records: emptyRecords(async () => null),
    bodies: emptyBodies(),
    state: memoryState(stored),
    keyring: deriveVaultKeyring(generateVaultKey(), '0b6f0000-0000-4000-8000-000000000007'),
    signer: { key: await generateDeviceKey(undefined), deviceId: 'd' },
    types: ['note'],
    now: () => Date.now(),
    appVersion: '0.1.0',
    timers: idleTimers,
    onStatus: (s) => statuses.push(s),
    onApplied: () => {},
    ...deps,
  });
  return { engine, statuses };
}

/**
 * An engine over an empty feed (cursor at 5, nothing to repair or check) on `timers`, started and
 * past its first cycles. `changesAt` holds the clock of every `GET /sync/changes` sent from now
 * on: each cycle over the empty outbox sends exactly one, so it counts cycles. While `failing()`
 * holds, the feed answers 503.
 */
export async function startIdleFeedEngine(timers: Timers & { now(): number }, failing = () => false) {
  const changesAt: number[] = [];
  const call = (async (_m: string, path: string): Promise<SyncResult<unknown>> => {
    if (!path.startsWith('/sync/changes')) return unexpected(path);
    changesAt.push(timers.now());
    if (failing()) return { ok: false, error: { code: 'HTTP_ERROR', message: 'unavailable', status: 503 } };
    return { ok: true, value: { refs: [], nextCursor: 5, serverTimeMs: 0, noteBodies: [] } };
  }) as SyncCall;
  const { engine } = await engineOver(call, { now: timers.now, timers }, [
    [CURSOR_SKIP_REPAIR, 'done'],
    [LAST_CURSOR, 5],
    [MANIFEST_CHECKED_AT, 0],
  ]);
  engine.start();
  await engine.syncNow();
  // start() runs a cycle and syncNow() one more after it, both at the start: count from here
  changesAt.splice(0);
  return { engine, changesAt };
}

/**
 * `startIdleFeedEngine` on manual timers, with `advance`: moves the clock and lets a cycle it
 * fired reach the service. The caller stops the engine.
 */
export async function idleFeedOnManualTimers(failing?: () => boolean) {
  const timers = manualTimers();
  const started = await startIdleFeedEngine(timers, failing);
  const advance = async (ms: number) => {
    timers.advance(ms);
    await new Promise((r) => setTimeout(r, 30));
  };
  return { ...started, timers, advance };
}
