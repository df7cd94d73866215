import { describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateDeviceKey, generateVaultKey } from '../../../src/sync/crypto';
import type { SyncError, SyncResult } from '../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { pushSnapshots, type SnapshotRoutes } from '../../../src/sync/engine/push/pushSnapshots';
import type { CrdtSnapshotPush } from '../../../src/sync/protocol/crdt';

type Answer = (path: string, body: unknown) => SyncResult<unknown>;
const fail = (status: number, code = 'HTTP_ERROR'): SyncResult<unknown> => ({
  ok: false,
  error: { code, message: `status ${status}`, status } satisfies SyncError,
});
const accepted = (e: CrdtSnapshotPush, i: number) => ({
  noteId: e.noteId,
  accepted: true,
  sequenceNum: i,
  revision: `r-${e.noteId}`,
});

async function run(answer: Answer, count: number, routes: SnapshotRoutes = { batchMissing: false }) {
  const requests: { path: string; notes: string[] }[] = [];
  const call = (async (_m: string, path: string, o?: CallOptions) => {
    const body = o?.body as { snapshots?: CrdtSnapshotPush[]; noteId?: string };
    requests.push({ path, notes: body.snapshots?.map((s) => s.noteId) ?? [body.noteId ?? ''] });
    return answer(path, body);
  }) as SyncCall;
  const jobs = Array.from({ length: count }, (_, i) => ({
    docId: `note-${i}`,
    state: new Uint8Array([1, 2, 3, i]),
    coversThrough: 0,
  }));
  const out = await pushSnapshots(
    {
      call,
      keyring: deriveVaultKeyring(generateVaultKey(), '0b6f0000-0000-4000-8000-000000000002'),
      signer: { key: await generateDeviceKey(undefined), deviceId: 'dev' },
      routes,
      stopped: () => false,
    },
    jobs,
  );
  return { ...out, requests, routes };
}

const batchOk: Answer = (path, body) => {
  if (path === '/sync/crdt/snapshot') return { ok: true, value: { sequenceNum: 0, revision: 'single' } };
  const { snapshots } = body as { snapshots: CrdtSnapshotPush[] };
  return { ok: true, value: { results: snapshots.map(accepted) } };
};

describe('snapshot pushes (spec 4.3.11)', () => {
  it('sends 50 snapshots a request and reads the per-note results in request order', async () => {
    const out = await run(batchOk, 120);
    expect(out.requests.map((r) => r.notes.length)).toEqual([50, 50, 20]);
    expect(out.requests.every((r) => r.path === '/sync/crdt/snapshot/batch')).toBe(true);
    expect(out.outcomes).toHaveLength(120);
    expect(out.outcomes[70]).toEqual({
      docId: 'note-70',
      kind: 'accepted',
      sequenceNum: 20,
      revision: 'r-note-70',
    });
    expect(out.error).toBeNull();
  });

  it('refuses only the notes the service refused, and a result that names another note', async () => {
    const out = await run((_p, body) => {
      const { snapshots } = body as { snapshots: CrdtSnapshotPush[] };
      const results = snapshots.map((e, i) =>
        i === 1 ? { noteId: e.noteId, accepted: false, reason: 'nope' } : accepted(e, i),
      );
      results[2] = { ...accepted(snapshots[2]!, 2), noteId: 'someone-else' };
      return { ok: true, value: { results } };
    }, 4);
    expect(out.outcomes.map((o) => o.kind)).toEqual(['accepted', 'refused', 'refused', 'accepted']);
  });

  it('latches a 404 of the batch route for the session and goes one note a request', async () => {
    const answer: Answer = (path, body) =>
      path.endsWith('/batch') ? fail(404, 'NOT_FOUND') : batchOk(path, body);
    const out = await run(answer, 3);
    expect(out.requests.map((r) => r.path)).toEqual([
      '/sync/crdt/snapshot/batch',
      '/sync/crdt/snapshot',
      '/sync/crdt/snapshot',
      '/sync/crdt/snapshot',
    ]);
    expect(out.routes.batchMissing).toBe(true);
    const again = await run(answer, 2, out.routes);
    expect(again.requests.map((r) => r.path)).toEqual(['/sync/crdt/snapshot', '/sync/crdt/snapshot']);
    expect(again.outcomes.every((o) => o.kind === 'accepted')).toBe(true);
  });

  it('answers a 413 of the batch route per note without latching', async () => {
    const answer: Answer = (path, body) => {
      if (path.endsWith('/batch')) return fail(413, 'BODY_TOO_LARGE');
      return (body as CrdtSnapshotPush).noteId === 'note-1'
        ? fail(413, 'BODY_TOO_LARGE')
        : batchOk(path, body);
    };
    const out = await run(answer, 3);
    expect(out.routes.batchMissing).toBe(false);
    expect(out.outcomes.map((o) => [o.docId, o.kind])).toEqual([
      ['note-0', 'accepted'],
      ['note-1', 'refused'],
      ['note-2', 'accepted'],
    ]);
    expect(out.outcomes[1]).toMatchObject({ tooLarge: true });
  });

  it('stops on any other failure: nothing is counted as sent', async () => {
    const out = await run(() => fail(429, 'RATE_LIMITED'), 3);
    expect(out.error?.code).toBe('RATE_LIMITED');
    expect(out.outcomes).toEqual([]);
  });
});
