import { describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateDeviceKey, generateVaultKey } from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { OutboxPort, QueuedRecord, RecordOutcome } from '../../../src/sync/engine/ports';
import { BatchSize } from '../../../src/sync/engine/push/batchSize';
import { pushRecords, RECORD_PUSHES_IN_FLIGHT } from '../../../src/sync/engine/push/pushRecords';
import { pushSnapshots, SNAPSHOT_CHUNKS_IN_FLIGHT } from '../../../src/sync/engine/push/pushSnapshots';
import type { CrdtSnapshotPush } from '../../../src/sync/protocol/crdt';
import type { PushItem, PushResponse } from '../../../src/sync/protocol/push';
import { emptyRecords } from './emptyRecords';

/** An in-memory outbox of record rows, oldest first, recording how each row was settled. */
function memoryOutbox(rows: QueuedRecord[]) {
  const queued = new Map(rows.map((r) => [r.qid, r]));
  const settled = new Map<string, RecordOutcome['kind'][]>();
  const outbox: OutboxPort = {
    nextRecords: async (limit, exclude) =>
      [...queued.values()].filter((r) => !exclude.has(r.qid)).slice(0, limit),
    settle: async (outcomes) => {
      for (const { row, outcome } of outcomes) {
        settled.set(row.qid, [...(settled.get(row.qid) ?? []), outcome.kind]);
        if (outcome.kind === 'accepted') queued.delete(row.qid);
      }
    },
    nextBodies: async () => [],
    ackBodies: async () => {},
    counts: async () => ({ queued: queued.size, deadLetters: 0 }),
    purgeDeadLetters: async () => 0,
  };
  return { outbox, queued, settled };
}

const rowsOf = (type: string, count: number, from = 0): QueuedRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    qid: `r|${type}|${type}${from + i}`,
    type,
    id: `${type}${from + i}`,
    op: 'create' as const,
    version: 1,
  }));

/**
 * A service that answers each request on a later task (so requests can overlap) and records how
 * many were open at once and the types of the batches open together.
 */
function slowService(respond: (items: PushItem[], n: number) => SyncResult<PushResponse>) {
  const log = { open: 0, maxOpen: 0, requests: [] as PushItem[][], overlaps: [] as string[][] };
  const openTypes = new Set<string>();
  const call = (async (_m: string, _p: string, o?: CallOptions) => {
    const items = (o!.body as { items: PushItem[] }).items;
    const n = log.requests.push(items);
    const types = [...new Set(items.map((i) => i.type))].join('+');
    log.open += 1;
    log.maxOpen = Math.max(log.maxOpen, log.open);
    if (openTypes.size > 0) log.overlaps.push([...openTypes, types]);
    openTypes.add(`${n}:${types}`);
    await new Promise((r) => setTimeout(r, 5));
    log.open -= 1;
    openTypes.delete(`${n}:${types}`);
    return respond(items, n);
  }) as SyncCall;
  return { call, log };
}

const acceptAll = (items: PushItem[], n: number): SyncResult<PushResponse> => ({
  ok: true,
  value: {
    accepted: items.map((i, k) => ({ type: i.type, id: i.id, serverCursor: n * 1000 + k })),
    rejected: [],
    maxCursor: n * 1000 + items.length,
    committedAtMs: 1,
  },
});

async function push(outbox: OutboxPort, call: SyncCall) {
  return pushRecords({
    call,
    outbox,
    records: emptyRecords(async (type, id) => ({
      clock: { devA: 1 },
      deletedAt: null,
      payload: { id, type },
    })),
    keyring: deriveVaultKeyring(generateVaultKey(), '0b6f0000-0000-4000-8000-000000000003'),
    signer: { key: await generateDeviceKey(undefined), deviceId: 'srv-dev' },
    types: ['note', 'task'],
    batch: new BatchSize(),
    stopped: () => false,
  });
}

describe('record pushes in flight (spec 3.2, 4.2)', () => {
  it(`keeps up to ${RECORD_PUSHES_IN_FLIGHT} batches in flight and sends every row exactly once`, async () => {
    const { outbox, queued, settled } = memoryOutbox(rowsOf('note', 650));
    const { call, log } = slowService(acceptAll);
    const res = await push(outbox, call);
    expect(res).toMatchObject({ kind: 'done', accepted: 650 });
    expect(log.maxOpen).toBe(RECORD_PUSHES_IN_FLIGHT);
    const sent = log.requests.flat().map((i) => i.id);
    expect(sent).toHaveLength(650);
    expect(new Set(sent).size).toBe(650);
    expect(queued.size).toBe(0);
    expect([...settled.values()].every((k) => k.length === 1 && k[0] === 'accepted')).toBe(true);
  });

  it('sends a batch holding a task alone: a child never commits before a parent sent earlier', async () => {
    const rows = [...rowsOf('note', 250), ...rowsOf('task', 30), ...rowsOf('note', 250, 250)];
    const { outbox, queued } = memoryOutbox(rows);
    const { call, log } = slowService(acceptAll);
    await push(outbox, call);
    expect(queued.size).toBe(0);
    // overlaps happened among note-only batches, never with a batch carrying a task
    expect(log.maxOpen).toBeGreaterThan(1);
    expect(log.overlaps.flat().some((t) => t.includes('task'))).toBe(false);
    // the task batch went after every batch before it was answered, and before the ones after it
    const taskAt = log.requests.findIndex((items) => items.some((i) => i.type === 'task'));
    expect(
      log.requests
        .slice(0, taskAt)
        .flat()
        .map((i) => i.id),
    ).toEqual(rows.slice(0, taskAt * 100).map((r) => r.id));
  });

  it('stops sending on an error but settles the batches already answered', async () => {
    const { outbox, queued, settled } = memoryOutbox(rowsOf('note', 900));
    const { call, log } = slowService((items, n) =>
      n === 2
        ? { ok: false, error: { code: 'RATE_LIMITED', message: 'slow down', status: 429 } }
        : acceptAll(items, n),
    );
    const res = await push(outbox, call);
    expect(res).toMatchObject({ kind: 'stopped', error: { code: 'RATE_LIMITED' } });
    // nothing was sent after the refusal was read; the batches in flight then were answered
    expect(log.requests.length).toBeLessThanOrEqual(RECORD_PUSHES_IN_FLIGHT + 1);
    const refused = log.requests[1]!.map((i) => `r|note|${i.id}`);
    expect(refused.every((q) => queued.has(q) && !settled.has(q))).toBe(true);
    const answered = log.requests.filter((_, k) => k !== 1).flat();
    expect(answered.every((i) => settled.get(`r|note|${i.id}`)?.[0] === 'accepted')).toBe(true);
    expect(queued.size).toBe(900 - answered.length);
  });
});

describe('snapshot chunks in flight (spec 4.3.11)', () => {
  it(`keeps up to ${SNAPSHOT_CHUNKS_IN_FLIGHT} chunks in flight and answers every note once`, async () => {
    let open = 0;
    let maxOpen = 0;
    const call = (async (_m: string, _p: string, o?: CallOptions) => {
      const { snapshots } = o!.body as { snapshots: CrdtSnapshotPush[] };
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      await new Promise((r) => setTimeout(r, 5));
      open -= 1;
      return {
        ok: true,
        value: {
          results: snapshots.map((s) => ({
            noteId: s.noteId,
            accepted: true,
            sequenceNum: 0,
            revision: 'r',
          })),
        },
      };
    }) as SyncCall;
    const jobs = Array.from({ length: 420 }, (_, i) => ({
      docId: `n${i}`,
      state: new Uint8Array([i % 256]),
      coversThrough: 0,
    }));
    const out = await pushSnapshots(
      {
        call,
        keyring: deriveVaultKeyring(generateVaultKey(), '0b6f0000-0000-4000-8000-000000000004'),
        signer: { key: await generateDeviceKey(undefined), deviceId: 'dev' },
        routes: { batchMissing: false },
        stopped: () => false,
      },
      jobs,
    );
    expect(out.error).toBeNull();
    expect(maxOpen).toBe(SNAPSHOT_CHUNKS_IN_FLIGHT);
    const ids = out.outcomes.map((o) => o.docId);
    expect(ids).toHaveLength(420);
    expect(new Set(ids).size).toBe(420);
    expect(out.outcomes.every((o) => o.kind === 'accepted')).toBe(true);
  });
});
