import { afterEach, describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateDeviceKey, generateVaultKey, toBase64 } from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { QueuedRecord } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { MANIFEST_CHECKED_AT } from '../../../src/sync/engine/pull/manifestCheck';
import { SOCKET_APPLIER_WAIT_MS } from '../../../src/sync/engine/socket/socketItemsApplier';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import type { SyncTelemetry, SyncTelemetryEvent } from '../../../src/sync/engine/telemetry/syncTelemetry';
import type { PullItem } from '../../../src/sync/protocol/pull';
import { emptyRecords } from './emptyRecords';
import { emptyBodies, memoryState, pulledItem } from './syncFakes';

const VAULT = '0b6f0000-0000-4000-8000-0000000000ac';
/** a loaded machine may take seconds to verify a frame's items (and fetch the key directory) */
const POLL = { timeout: 10_000 };

let engine: SyncEngine | null = null;
afterEach(() => {
  engine?.stop();
  engine = null;
});

/** A held request: `release` answers it. */
function held<T>() {
  let release: (value: T) => void = () => {};
  const answer = new Promise<T>((r) => (release = r));
  return { answer, release: (v: T) => release(v) };
}

/**
 * An engine whose cursor is at 10 (unless `initial` says otherwise), with one record queued to
 * push; `routes` answers (or holds) each route. Items applied are logged per call of
 * `records.apply`, which `onApply` may hold open.
 */
async function engineWith(
  routes: Record<string, (body: unknown) => Promise<SyncResult<unknown>>>,
  initial: {
    cursor?: number;
    onApply?: (ids: string[]) => Promise<void> | undefined;
    telemetry?: SyncTelemetry;
  } = {},
) {
  const keyring = deriveVaultKeyring(generateVaultKey(), VAULT);
  const other = await generateDeviceKey(undefined);
  const call = (async (method: string, path: string, options?: { body?: unknown }) => {
    const route = `${method} ${path.split('?')[0]}`;
    if (route === 'GET /auth/devices') {
      return { ok: true, value: { devices: [{ deviceId: 'other', publicKey: toBase64(other.publicKey) }] } };
    }
    const answer = routes[route];
    if (answer) return answer(options?.body);
    return { ok: false, error: { code: 'HTTP_ERROR', message: `unexpected ${route}`, status: 404 } };
  }) as SyncCall;
  const state = new Map<string, unknown>([
    [LAST_CURSOR, initial.cursor ?? 10],
    [CURSOR_SKIP_REPAIR, 'done'],
    [MANIFEST_CHECKED_AT, Date.now()],
  ]);
  let queued: QueuedRecord[] = [{ qid: 'q1', type: 'task', id: 'mine', op: 'create', version: 1 }];
  const applied: string[][] = [];
  /** every timeout armed, by its delay: the applier's wait arms one of SOCKET_APPLIER_WAIT_MS */
  const delays: number[] = [];
  engine = createSyncEngine({
    call,
    outbox: {
      nextRecords: async (_limit, exclude) => queued.filter((r) => !exclude.has(r.qid)),
      settle: async () => {
        queued = [];
      },
      nextBodies: async () => [],
      ackBodies: async () => {},
      counts: async () => ({ queued: queued.length, deadLetters: 0 }),
      purgeDeadLetters: async () => 0,
    },
    records: emptyRecords(
      async () => ({ clock: { me: 1 }, deletedAt: null, payload: { id: 'mine', title: 'mine' } }),
      (items) => {
        applied.push(items.map((i) => i.id));
        return initial.onApply?.(items.map((i) => i.id));
      },
    ),
    bodies: emptyBodies(),
    state: memoryState(state),
    keyring,
    signer: { key: await generateDeviceKey(undefined), deviceId: 'me' },
    types: ['task'],
    appVersion: '0.1.0',
    now: () => Date.now(),
    timers: {
      setTimeout: (fn, ms) => {
        delays.push(ms);
        return setTimeout(fn, ms);
      },
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      // no tick in these tests
      setInterval: () => 0,
      clearInterval: () => {},
    },
    onStatus: () => {},
    onApplied: () => {},
    telemetry: initial.telemetry,
  });
  const item = (id: string, serverCursor: number): Promise<PullItem> =>
    pulledItem(
      keyring,
      { key: other, deviceId: 'other' },
      { type: 'task', id },
      { clock: { other: 1 }, deletedAt: null, payload: { id, title: id } },
      { serverCursor, committedAtMs: 1, createdAt: 1, updatedAt: 1 },
    );
  return { engine, applied, item, state, delays };
}

const pushAccepted = {
  ok: true,
  value: {
    accepted: [{ type: 'task', id: 'mine', serverCursor: 11 }],
    rejected: [],
    maxCursor: 11,
    committedAtMs: 1,
  },
} as const;
const emptyPage = (nextCursor: number) =>
  ({ ok: true, value: { refs: [], nextCursor, serverTimeMs: 0, noteBodies: [] } }) as const;

describe('the engine hands socket frames to the items applier (spec 6.1)', () => {
  it('a frame waits for the push in flight, then applies before the pull it woke', async () => {
    const push = held<SyncResult<unknown>>();
    const changes = held<SyncResult<unknown>>();
    let pushAsked = false;
    const w = await engineWith({
      'POST /sync/push': () => {
        pushAsked = true;
        return push.answer;
      },
      'GET /sync/changes': () => changes.answer,
    });
    w.engine.start();
    const frame = { cursor: 12, items: [await w.item('theirs', 12)] };
    await expect.poll(() => pushAsked, POLL).toBe(true);
    const done = w.engine.items(frame);
    w.engine.wake(12);
    // the push is on the wire: the frame waits (its 5 s timer armed) and is not applied meanwhile
    await expect.poll(() => w.delays.includes(SOCKET_APPLIER_WAIT_MS), POLL).toBe(true);
    expect(w.applied).toEqual([]);
    push.release(pushAccepted);
    // applied while the woken pull still waits for its changes page
    await done;
    expect(w.applied).toEqual([['theirs']]);
    expect(w.state.get(LAST_CURSOR)).toBe(10);
    changes.release(emptyPage(12));
    await w.engine.syncNow();
    expect(w.applied).toEqual([['theirs']]);
  });

  it('a frame at or below a changes page the pull has read is left to that pull (owned-through)', async () => {
    const slice = held<SyncResult<unknown>>();
    let sliceAsked = false;
    const w = await engineWith({
      'POST /sync/push': async () => pushAccepted,
      'GET /sync/changes': async () => ({
        ok: true,
        value: { refs: [{ type: 'task', id: 'theirs', serverCursor: 12 }], nextCursor: 12, serverTimeMs: 0 },
      }),
      'POST /sync/pull': () => {
        sliceAsked = true;
        return slice.answer;
      },
    });
    w.engine.start();
    // the pull read the page up to 12 and waits for its slice; LAST_CURSOR is still 10
    await expect.poll(() => sliceAsked, POLL).toBe(true);
    expect(w.state.get(LAST_CURSOR)).toBe(10);
    await w.engine.items({ cursor: 12, items: [await w.item('theirs', 12)] });
    expect(w.applied).toEqual([]);
    slice.release({ ok: true, value: { items: [], blobMissing: [] } });
    await w.engine.syncNow();
    expect(w.applied).toEqual([]);
    expect(w.state.get(LAST_CURSOR)).toBe(12);
  });

  it("a frame past the page waits for the pull slice's open transaction, then applies", async () => {
    const slice = held<void>();
    let old: PullItem | null = null;
    const w = await engineWith(
      {
        'POST /sync/push': async () => pushAccepted,
        'GET /sync/changes': async () => ({
          ok: true,
          value: { refs: [{ type: 'task', id: 'old', serverCursor: 12 }], nextCursor: 12, serverTimeMs: 0 },
        }),
        'POST /sync/pull': async () => ({ ok: true, value: { items: old ? [old] : [], blobMissing: [] } }),
      },
      { onApply: (ids) => (ids.includes('old') ? slice.answer : undefined) },
    );
    old = await w.item('old', 12);
    w.engine.start();
    // the slice's transaction is open (held); a frame of a later push (13) arrives
    await expect.poll(() => w.applied, POLL).toEqual([['old']]);
    const frame = w.engine.items({ cursor: 13, items: [await w.item('new', 13)] });
    await expect.poll(() => w.delays.includes(SOCKET_APPLIER_WAIT_MS), POLL).toBe(true);
    expect(w.applied).toEqual([['old']]);
    slice.release();
    await frame;
    expect(w.applied).toEqual([['old'], ['new']]);
    await w.engine.syncNow();
  });

  it('a frame is skipped while a first sync is still reading the feed, though LAST_CURSOR already moved', async () => {
    const second = held<SyncResult<unknown>>();
    let secondAsked = false;
    const fullPage = Array.from({ length: 100 }, () => ({ type: 'task', id: 'seen', serverCursor: 12 }));
    const w = await engineWith(
      {
        'POST /sync/push': async () => pushAccepted,
        'POST /sync/bootstrap': async () => ({
          ok: false,
          error: { code: 'BOOTSTRAP_UNAVAILABLE', message: '', status: 501 },
        }),
        'GET /sync/changes': async () => {
          if (w.state.get(LAST_CURSOR) === 0) {
            return { ok: true, value: { refs: fullPage, nextCursor: 12, serverTimeMs: 0, noteBodies: [] } };
          }
          secondAsked = true;
          return second.answer;
        },
        'POST /sync/pull': async () => ({ ok: true, value: { items: [], blobMissing: [] } }),
      },
      { cursor: 0 },
    );
    w.engine.start();
    // the first page landed (LAST_CURSOR 12); the pull from 0 waits for its second page
    await expect.poll(() => secondAsked, POLL).toBe(true);
    expect(w.state.get(LAST_CURSOR)).toBe(12);
    await w.engine.items({ cursor: 20, items: [await w.item('theirs', 20)] });
    expect(w.applied).toEqual([]);
    second.release(emptyPage(12));
    await w.engine.syncNow();
  });

  it('a frame is skipped while the device is offline (the last run failed offline)', async () => {
    let online = false;
    const w = await engineWith({
      'POST /sync/push': async () =>
        online
          ? pushAccepted
          : { ok: false, error: { code: 'NETWORK_OFFLINE', message: 'offline', status: 0 } },
      'GET /sync/changes': async () => emptyPage(10),
    });
    w.engine.start();
    await expect.poll(() => w.engine.status().error?.category, POLL).toBe('offline');
    await w.engine.items({ cursor: 11, items: [await w.item('theirs', 11)] });
    expect(w.applied).toEqual([]);
    online = true;
    await w.engine.syncNow();
    await w.engine.items({ cursor: 12, items: [await w.item('later', 12)] });
    expect(w.applied).toEqual([['later']]);
  });
});

describe('a frame applied is an e2e_latency of source socket (spec 6.2)', () => {
  it('measured with the offset of the last pull, one event for the frame', async () => {
    const events: SyncTelemetryEvent[] = [];
    const w = await engineWith(
      {
        'POST /sync/push': async () => pushAccepted,
        // the service clock runs 5 s ahead of this device's
        'GET /sync/changes': async () => ({
          ok: true,
          value: { refs: [], nextCursor: 11, serverTimeMs: Date.now() + 5_000, noteBodies: [] },
        }),
      },
      { telemetry: { record: (e) => events.push(e) } },
    );
    w.engine.start();
    await w.engine.syncNow();
    // the run measured the offset (its queued row has no enqueuedAt: no push_lag)
    expect(events).toEqual([]);
    const frame = {
      cursor: 12,
      items: [await w.item('theirs', 12), await w.item('also', 12)],
      // committed 400 ms ago on the service's clock
      committedAtMs: Date.now() + 5_000 - 400,
    };
    await w.engine.items(frame);
    expect(w.applied).toEqual([['theirs', 'also']]);
    const socket = events.filter((e) => e.source === 'socket');
    expect(socket).toHaveLength(1);
    expect(socket[0]).toMatchObject({ action: 'e2e_latency', value: 12 });
    // 400 ms, give or take the offset's error (half a round trip) and the time to verify and apply
    expect(socket[0]!.durationMs).toBeGreaterThanOrEqual(300);
    expect(socket[0]!.durationMs).toBeLessThan(10_000);
  });
});
