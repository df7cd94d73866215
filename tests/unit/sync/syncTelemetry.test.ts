import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { offsetFrom } from '../../../src/sync/engine/telemetry/clockOffset';
import { observePull } from '../../../src/sync/engine/telemetry/pullObserver';
import { createRunTelemetry } from '../../../src/sync/engine/telemetry/runTelemetry';
import { createSocketTelemetry } from '../../../src/sync/engine/telemetry/socketTelemetry';
import {
  type SyncTelemetryEvent,
  TELEMETRY_MAX_AGE_MS,
} from '../../../src/sync/engine/telemetry/syncTelemetry';
import { emptyRecords } from './emptyRecords';

/** A device clock the test moves by hand. */
function clock(start = 1_000_000) {
  let t = start;
  return {
    now: () => t,
    add(ms: number) {
      t += ms;
    },
    set(ms: number) {
      t = ms;
    },
  };
}

describe('clock offset (spec 6.2): the lowest round-trip sample of the run', () => {
  it('takes the middle of the fastest round trip, not the first, last or an average', () => {
    const samples = [
      // slow: 400 ms round trip, would say the service is 1,000 ms ahead
      { sentAt: 0, receivedAt: 400, serverTimeMs: 1_200 },
      // fast: 20 ms, says 5,000 ms ahead
      { sentAt: 1_000, receivedAt: 1_020, serverTimeMs: 6_010 },
      { sentAt: 2_000, receivedAt: 2_300, serverTimeMs: 3_150 },
    ];
    expect(offsetFrom(samples)).toBe(5_000);
    expect(offsetFrom([])).toBeNull();
  });
});

describe('a run turned into sync_run_completed events', () => {
  it('e2e_latency: applied (device) moved to the service clock minus committedAtMs', () => {
    const c = clock();
    const run = createRunTelemetry(c.now);
    // the service clock is 60 s ahead of this device; the fast sample says so within 5 ms
    run.sample({ sentAt: 1_000, receivedAt: 1_800, serverTimeMs: 1_000 + 60_000 + 100 });
    run.sample({ sentAt: 5_000, receivedAt: 5_010, serverTimeMs: 5_005 + 60_000 });
    run.applied({ appliedAt: 10_000, committedAtMs: 10_000 + 60_000 - 750, cursor: 41 });
    const { events, offset } = run.finish();
    expect(offset).toBe(60_000);
    expect(events).toEqual([
      {
        name: 'sync_run_completed',
        action: 'e2e_latency',
        durationMs: 750,
        value: 41,
        source: 'pull',
        at: c.now(),
      },
    ]);
  });

  it('push_lag: accepted minus enqueued on the device clock, value = maxCursor', () => {
    const c = clock(50_000);
    const run = createRunTelemetry(c.now);
    run.pushAccepted([{ enqueuedAt: 49_000 }, { enqueuedAt: 47_500 }, {}], 9);
    run.pushAccepted([{ enqueuedAt: 1 }], null); // nothing accepted: no cursor, no event
    expect(run.finish().events.map((e) => [e.action, e.durationMs, e.value])).toEqual([
      ['push_lag', 1_000, 9],
      ['push_lag', 2_500, 9],
    ]);
  });

  it('at most 20 events of each action per run', () => {
    const c = clock();
    const run = createRunTelemetry(c.now);
    run.sample({ sentAt: 0, receivedAt: 0, serverTimeMs: 0 });
    run.pushAccepted(
      Array.from({ length: 25 }, () => ({ enqueuedAt: c.now() - 10 })),
      3,
    );
    for (let i = 0; i < 25; i++) run.applied({ appliedAt: 100, committedAtMs: 90, cursor: i });
    const { events } = run.finish();
    expect(events.filter((e) => e.action === 'push_lag')).toHaveLength(20);
    expect(events.filter((e) => e.action === 'e2e_latency').map((e) => e.value)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
  });

  it('skips anything older than 10 minutes; the cap counts only what is kept', () => {
    const c = clock(TELEMETRY_MAX_AGE_MS * 3);
    const run = createRunTelemetry(c.now);
    run.sample({ sentAt: 0, receivedAt: 0, serverTimeMs: 0 });
    const old = Array.from({ length: 30 }, () => ({ enqueuedAt: c.now() - TELEMETRY_MAX_AGE_MS - 1 }));
    run.pushAccepted([...old, { enqueuedAt: c.now() - TELEMETRY_MAX_AGE_MS }], 5);
    for (let i = 0; i < 30; i++)
      run.applied({ appliedAt: TELEMETRY_MAX_AGE_MS + 1, committedAtMs: 0, cursor: i });
    run.applied({ appliedAt: TELEMETRY_MAX_AGE_MS, committedAtMs: 0, cursor: 99 });
    const { events } = run.finish();
    expect(events.map((e) => [e.action, e.durationMs, e.value])).toEqual([
      ['push_lag', TELEMETRY_MAX_AGE_MS, 5],
      ['e2e_latency', TELEMETRY_MAX_AGE_MS, 99],
    ]);
  });

  it('reports a negative estimate as 0', () => {
    const c = clock();
    const run = createRunTelemetry(c.now);
    // the offset is off by up to half the round trip: an item can look committed after it arrived
    run.sample({ sentAt: 0, receivedAt: 0, serverTimeMs: 0 });
    run.applied({ appliedAt: 1_000, committedAtMs: 1_300, cursor: 7 });
    run.pushAccepted([{ enqueuedAt: c.now() + 50 }], 2); // a clock set back between the two
    expect(run.finish().events.map((e) => [e.action, e.durationMs])).toEqual([
      ['push_lag', 0],
      ['e2e_latency', 0],
    ]);
  });

  it('without a changes page (no offset) no e2e_latency is estimated', () => {
    const run = createRunTelemetry(() => 5);
    run.applied({ appliedAt: 1, committedAtMs: 1, cursor: 1 });
    expect(run.finish()).toEqual({ events: [], offset: null });
  });
});

/** A pulled item as the service answers it (only the fields the observer reads matter here). */
const pulled = (id: string, deviceId: string, committedAtMs: number | null, serverCursor: number) => ({
  type: 'note',
  id,
  deviceId,
  committedAtMs,
  serverCursor,
});

describe('the pull source: applied items another device signed', () => {
  it('counts changed items of other devices; never own echoes, unchanged items, or items without committedAtMs', async () => {
    const c = clock(10_000);
    const run = createRunTelemetry(c.now);
    const observer = observePull(run, { now: c.now, deviceId: 'me' });
    const answers: Record<string, unknown> = {
      '/sync/changes?cursor=0': { refs: [], nextCursor: 9, serverTimeMs: 10_010 },
      '/sync/pull': {
        items: [
          pulled('theirs', 'other', 9_500, 4),
          pulled('mine', 'me', 9_500, 5),
          pulled('same', 'other', 9_500, 6),
          pulled('legacy', 'other', null, 7),
        ],
        blobMissing: [],
      },
    };
    const inner = (async (_m: string, path: string): Promise<SyncResult<unknown>> => {
      c.add(20); // each request takes 20 ms: the sample's middle is 10 ms after it was sent
      return { ok: true, value: answers[path] };
    }) as SyncCall;
    const call = observer.call(inner);
    // the records port reports every item changed except `same` (equal clock, nothing changed)
    const base = emptyRecords(async () => null);
    const records = observer.records({
      ...base,
      apply: async (items, orphans) => {
        const res = await base.apply(items, orphans);
        return { ...res, changed: res.changed.filter((k) => k.id !== 'same') };
      },
    });
    await call('GET', '/sync/changes?cursor=0');
    await call('POST', '/sync/pull', { body: { items: [] } });
    c.add(100);
    const incoming = ['theirs', 'mine', 'same', 'legacy'].map((id) => ({
      type: 'note',
      id,
      clock: {},
      deletedAt: null,
      payload: {},
    }));
    await records.apply(incoming, 'hold');
    const { events, offset } = run.finish();
    // sent at 10,000, answered at 10,020: service clock 10,010 at device 10,010, offset 0
    expect(offset).toBe(0);
    // applied at device 10,140 = service 10,140; committed at 9,500
    expect(events).toEqual([
      {
        name: 'sync_run_completed',
        action: 'e2e_latency',
        durationMs: 640,
        value: 4,
        source: 'pull',
        at: c.now(),
      },
    ]);
  });

  it('a failed changes page is no sample', async () => {
    const c = clock();
    const run = createRunTelemetry(c.now);
    const call = observePull(run, { now: c.now, deviceId: 'me' }).call((async () => ({
      ok: false,
      error: { code: 'HTTP_ERROR', message: 'down', status: 503 },
    })) as SyncCall);
    await call('GET', '/sync/changes?cursor=0');
    run.applied({ appliedAt: 1, committedAtMs: 1, cursor: 1 });
    expect(run.finish().offset).toBeNull();
  });
});

describe('the socket source: one event per applied frame, at most 20 a minute', () => {
  function socketSource(offset: number | null = 0) {
    const c = clock(1_000_000);
    const events: SyncTelemetryEvent[] = [];
    const source = createSocketTelemetry({
      sink: { record: (e) => events.push(e) },
      now: c.now,
      deviceId: 'me',
      offset: () => offset,
    });
    const frame = (cursor: number, committedAtMs: number | undefined, deviceIds: string[]) => ({
      cursor,
      committedAtMs,
      items: deviceIds.map((deviceId, i) => ({ type: 'task', id: `t${i}`, deviceId })),
    });
    const all = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'task', id: `t${i}` }));
    return { c, events, source, frame, all };
  }

  it('one event for a frame of three items, on the service clock, value = the frame cursor', () => {
    const { c, events, source, frame, all } = socketSource(2_000);
    // applied at device 1,000,000 = service 1,002,000; committed 300 ms before that
    source.frameApplied(frame(12, 1_001_700, ['other', 'other', 'me']), all(3));
    expect(events).toEqual([
      {
        name: 'sync_run_completed',
        action: 'e2e_latency',
        durationMs: 300,
        value: 12,
        source: 'socket',
        at: c.now(),
      },
    ]);
  });

  it('no event for own items, unchanged items, a frame without committedAtMs, or before any offset', () => {
    const own = socketSource();
    own.source.frameApplied(own.frame(1, 999_000, ['me', 'me']), own.all(2));
    // `t0` (another device's) did not change anything; `t1` (changed) is this device's own
    own.source.frameApplied(own.frame(2, 999_000, ['other', 'me']), [{ type: 'task', id: 't1' }]);
    own.source.frameApplied(own.frame(3, undefined, ['other']), own.all(1));
    expect(own.events).toEqual([]);
    const early = socketSource(null);
    early.source.frameApplied(early.frame(4, 999_000, ['other']), early.all(1));
    expect(early.events).toEqual([]);
  });

  it('skips a frame older than 10 minutes and reports a negative estimate as 0', () => {
    const { c, events, source, frame, all } = socketSource();
    source.frameApplied(frame(1, c.now() - TELEMETRY_MAX_AGE_MS - 1, ['other']), all(1));
    source.frameApplied(frame(2, c.now() + 40, ['other']), all(1));
    expect(events.map((e) => [e.value, e.durationMs])).toEqual([[2, 0]]);
  });

  it('at most 20 events in any minute; the 21st goes once the first is a minute old', () => {
    const { c, events, source, frame, all } = socketSource();
    for (let i = 0; i < 25; i++) {
      source.frameApplied(frame(i, c.now() - 100, ['other']), all(1));
      c.add(1_000);
    }
    expect(events).toHaveLength(20);
    // the first event was at 1,000,000; at 1,060,000 it leaves the window
    c.set(1_060_000);
    source.frameApplied(frame(99, c.now() - 100, ['other']), all(1));
    expect(events.at(-1)?.value).toBe(99);
    source.frameApplied(frame(100, c.now() - 100, ['other']), all(1));
    expect(events).toHaveLength(21);
  });
});
