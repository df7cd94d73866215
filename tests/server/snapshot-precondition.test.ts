import { describe, expect, it } from 'vitest';
import type {
  CrdtSnapshotBatchResponse,
  CrdtSnapshotPushResponse,
  CrdtSnapshotResponse,
  CrdtUpdatesBatchResponse,
  CrdtUpdatesResponse,
} from '../../src/sync/protocol/crdt';
import { api, errorCode, signInDevice, type TestDevice } from './helpers';
import { signedSnapshot } from './items';

const rnd = (n: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(n))).toString('base64');

interface Push {
  noteId: string;
  snapshot: string;
  coversThrough?: number;
  expectedRevision?: string | null;
}

const body = async (d: TestDevice, p: Push) => {
  const { expectedRevision, ...signed } = p;
  return {
    ...(await signedSnapshot(d, 'default', signed)),
    ...(expectedRevision !== undefined ? { expectedRevision } : {}),
  };
};
const push = async (d: TestDevice, p: Push) =>
  api<CrdtSnapshotPushResponse>('/sync/crdt/snapshot', { token: d.accessToken, body: await body(d, p) });
const pushUpdates = async (d: TestDevice, noteId: string, n: number) => {
  for (let i = 0; i < n; i++) {
    const res = await api('/sync/crdt/updates', {
      token: d.accessToken,
      body: { noteId, update: rnd(20 + i) },
    });
    expect(res.status).toBe(200);
  }
};
const stored = (d: TestDevice, noteId: string) =>
  api<CrdtSnapshotResponse>(`/sync/crdt/snapshot/${noteId}`, { token: d.accessToken });
const remaining = async (d: TestDevice, noteId: string) =>
  (
    await api<CrdtUpdatesResponse>(`/sync/crdt/updates?note_id=${noteId}&since=0&limit=100`, {
      token: d.accessToken,
    })
  ).body.updates.map((u) => u.sequenceNum);

describe('snapshot replacement precondition: expectedRevision (docs/protocol.md)', () => {
  it('refuses a mismatch with 409 SNAPSHOT_REVISION_CONFLICT and changes nothing', async () => {
    const d = await signInDevice();
    await pushUpdates(d, 'p1', 3);
    const first = await push(d, {
      noteId: 'p1',
      snapshot: rnd(300),
      coversThrough: 1,
      expectedRevision: null,
    });
    expect(first.status).toBe(200);
    const before = (await stored(d, 'p1')).body;

    const wrong = await push(d, {
      noteId: 'p1',
      snapshot: rnd(300),
      coversThrough: 3,
      expectedRevision: 'r-old',
    });
    expect(wrong.status).toBe(409);
    expect(errorCode(wrong)).toBe('SNAPSHOT_REVISION_CONFLICT');
    expect((wrong.body as unknown as { error: { currentRevision: string } }).error.currentRevision).toBe(
      first.body.revision,
    );
    const none = await push(d, {
      noteId: 'p1',
      snapshot: rnd(300),
      coversThrough: 3,
      expectedRevision: null,
    });
    expect(errorCode(none)).toBe('SNAPSHOT_REVISION_CONFLICT');
    expect((await stored(d, 'p1')).body).toEqual(before);
    expect(await remaining(d, 'p1')).toEqual([2, 3]);

    const right = await push(d, {
      noteId: 'p1',
      snapshot: rnd(300),
      coversThrough: 3,
      expectedRevision: first.body.revision,
    });
    expect(right.status).toBe(200);
    expect(await remaining(d, 'p1')).toEqual([]);
    // absent: the unconditional replacement of before
    expect((await push(d, { noteId: 'p1', snapshot: rnd(10) })).status).toBe(200);
  });

  it('two racing replacements of one revision: exactly one wins, nothing pruned that it does not cover', async () => {
    const email = `race-${Date.now()}@test.cairn.local`;
    const a = await signInDevice(email, 'A');
    const b = await signInDevice(email, 'B');
    for (let round = 0; round < 6; round++) {
      const note = `race-${round}`;
      await pushUpdates(a, note, 2);
      const base = await push(a, { noteId: note, snapshot: rnd(200), coversThrough: 2 });
      await pushUpdates(a, note, 4); // sequences 3..6 after the baseline
      const snapA = rnd(400);
      const snapB = rnd(401);
      // A merged through 4, B through 6: each prunes only what it merged
      const [ra, rb] = await Promise.all([
        push(a, { noteId: note, snapshot: snapA, coversThrough: 4, expectedRevision: base.body.revision }),
        push(b, { noteId: note, snapshot: snapB, coversThrough: 6, expectedRevision: base.body.revision }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses).toEqual([200, 409]);
      const winnerA = ra.status === 200;
      const now = (await stored(a, note)).body;
      expect(now.snapshot).toBe(winnerA ? snapA : snapB);
      expect(now.revision).toBe(winnerA ? ra.body.revision : rb.body.revision);
      // every update above the winner's coverage is still there
      expect(await remaining(a, note)).toEqual(winnerA ? [5, 6] : []);
      expect(errorCode(winnerA ? rb : ra)).toBe('SNAPSHOT_REVISION_CONFLICT');
    }
  });

  it('the batch route answers a conflict per note; the other notes are stored', async () => {
    const d = await signInDevice();
    await pushUpdates(d, 'b1', 2);
    await pushUpdates(d, 'b2', 2);
    const one = await push(d, { noteId: 'b1', snapshot: rnd(100), coversThrough: 1 });
    const snapshots = [
      await body(d, { noteId: 'b1', snapshot: rnd(100), coversThrough: 2, expectedRevision: 'r-stale' }),
      await body(d, { noteId: 'b2', snapshot: rnd(100), coversThrough: 2, expectedRevision: null }),
    ];
    const res = await api<CrdtSnapshotBatchResponse>('/sync/crdt/snapshot/batch', {
      token: d.accessToken,
      body: { snapshots },
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      noteId: 'b1',
      accepted: false,
      code: 'SNAPSHOT_REVISION_CONFLICT',
      currentRevision: one.body.revision,
    });
    expect(res.body.results[1]).toMatchObject({ noteId: 'b2', accepted: true, sequenceNum: 2 });
    expect(await remaining(d, 'b1')).toEqual([2]);
    expect(await remaining(d, 'b2')).toEqual([]);
  });

  it('the update probe says the precondition is understood', async () => {
    const d = await signInDevice();
    const res = await api<CrdtUpdatesBatchResponse>('/sync/crdt/updates/batch', {
      token: d.accessToken,
      body: { notes: [{ noteId: 'x', since: 0 }], limit: 1 },
    });
    expect(res.body.snapshotPrecondition).toBe(true);
  });
});
