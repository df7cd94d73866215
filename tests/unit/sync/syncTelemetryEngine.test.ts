import { describe, expect, it } from 'vitest';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { QueuedRecord } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR } from '../../../src/sync/engine/pull/cursorRepair';
import type { SyncTelemetryEvent } from '../../../src/sync/engine/telemetry/syncTelemetry';
import type { PushItem } from '../../../src/sync/protocol/push';
import { emptyRecords } from './emptyRecords';
import { emptyOutbox, engineOver, unexpected } from './engineHarness';

/** An outbox holding `rows` until a push accepts them. */
function outboxOf(rows: QueuedRecord[]) {
  const queued = [...rows];
  return {
    ...emptyOutbox(),
    nextRecords: async (limit: number, exclude: ReadonlySet<string>) =>
      queued.filter((r) => !exclude.has(r.qid)).slice(0, limit),
    settle: async (outcomes: { row: QueuedRecord; outcome: { kind: string } }[]) => {
      for (const { row, outcome } of outcomes)
        if (outcome.kind === 'accepted') queued.splice(queued.indexOf(row), 1);
    },
    counts: async () => ({ queued: queued.length, deadLetters: 0 }),
  };
}

describe('the engine emits push_lag per run (spec 6.2)', () => {
  it('accepted minus enqueued, value = maxCursor, at the end of the run', async () => {
    let t = 103_500;
    const now = () => t;
    const row = (id: string, enqueuedAt: number): QueuedRecord => ({
      qid: `r|note|${id}`,
      type: 'note',
      id,
      op: 'create',
      version: 1,
      enqueuedAt,
    });
    const events: SyncTelemetryEvent[] = [];
    const call = (async (method: string, path: string, o?: CallOptions) => {
      if (method === 'POST' && path === '/sync/push') {
        const items = (o?.body as { items: PushItem[] } | undefined)?.items ?? [];
        t += 250; // the push round trip
        // events go out when the run ends, not as rows are accepted
        expect(events).toEqual([]);
        return {
          ok: true,
          value: {
            accepted: items.map((i, k) => ({ type: i.type, id: i.id, serverCursor: 30 + k })),
            rejected: [],
            maxCursor: 31,
            committedAtMs: t,
          },
        };
      }
      if (path.startsWith('/sync/changes'))
        return { ok: true, value: { refs: [], nextCursor: 31, serverTimeMs: t, noteBodies: [] } };
      return unexpected(path);
    }) as SyncCall;
    const { engine } = await engineOver(
      call,
      {
        outbox: outboxOf([row('a', 100_000), row('b', 101_500)]),
        records: emptyRecords(async (_type, id) => ({
          clock: { 'install-a': 1 },
          deletedAt: null,
          payload: { id, title: id },
        })),
        now,
        telemetry: { record: (e) => events.push(e) },
      },
      [[CURSOR_SKIP_REPAIR, 'done']],
    );
    engine.start();
    await engine.syncNow();
    expect(events.map((e) => [e.name, e.action, e.durationMs, e.value])).toEqual([
      ['sync_run_completed', 'push_lag', 3_750, 31],
      ['sync_run_completed', 'push_lag', 2_250, 31],
    ]);
    // a run with nothing pushed and nothing applied records nothing more
    await engine.syncNow();
    expect(events).toHaveLength(2);
    engine.stop();
  });
});
