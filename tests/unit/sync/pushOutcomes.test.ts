import { emptyRecords } from './emptyRecords';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateDeviceKey, generateVaultKey } from '../../../src/sync/crypto';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { BatchSize } from '../../../src/sync/engine/push/batchSize';
import { pushRecords } from '../../../src/sync/engine/push/pushRecords';
import type { PushItem, PushResponse } from '../../../src/sync/protocol/push';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createDexieOutbox } from '../../../src/worker/sync/dexieOutbox';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { readRecord } from '../../../src/worker/sync/recordPayloads';
import { noteRow } from './syncFakes';

let n = 0;
const dbs: VaultDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

/**
 * A push run against a scripted service: `answer` decides per request (a number: that whole-request
 * HTTP failure status, e.g. the edge's empty 503); `batch` sizes the batches.
 */
async function setup(
  answer: (items: PushItem[], db: VaultDb) => Promise<PushResponse | number> | PushResponse | number,
  batch = new BatchSize(),
) {
  const db = openVaultDb(`push-${++n}-${Date.now()}`);
  db.use(outboxMiddleware({ deviceId: 'devA', now: () => 1 }));
  await db.open();
  dbs.push(db);
  const requests: PushItem[][] = [];
  const call = (async (_m: string, _p: string, o?: CallOptions) => {
    const items = (o?.body as { items: PushItem[] } | undefined)?.items ?? [];
    requests.push(items);
    const value = await answer(items, db);
    if (typeof value === 'number')
      return { ok: false, error: { code: 'SERVER_ERROR', message: `failed (${value})`, status: value } };
    return { ok: true, value };
  }) as SyncCall;
  const run = async () =>
    pushRecords({
      call,
      outbox: createDexieOutbox(db, () => 2),
      records: emptyRecords((t, id) => readRecord(db, t, id)),
      keyring: deriveVaultKeyring(generateVaultKey(), '0b6f0000-0000-4000-8000-000000000001'),
      signer: { key: await generateDeviceKey(undefined), deviceId: 'srv-dev' },
      types: ['note'],
      batch,
      stopped: () => false,
    });
  return { db, run, requests };
}

const ok = (items: PushItem[], except: string[] = []): PushResponse => ({
  accepted: items
    .filter((i) => !except.includes(i.id))
    .map((i, k) => ({ type: i.type, id: i.id, serverCursor: k + 1 })),
  rejected: [],
  maxCursor: items.length,
  committedAtMs: 1,
});

describe('push outcomes (spec 3.2)', () => {
  it('deletes accepted rows, but keeps a row changed while in flight, uncharged', async () => {
    let changed = false;
    let leftAfterFirst: unknown[] = [];
    const { db, run, requests } = await setup(async (items, d) => {
      if (!changed) {
        changed = true;
        await d.notes.put({ ...noteRow('b'), title: 'changed meanwhile' });
      } else leftAfterFirst = (await d.syncQueue.toArray()).map((r) => [r.id, r.attempts, r.state]);
      return ok(items);
    });
    await db.notes.bulkAdd([noteRow('a'), noteRow('b')]);
    const res = await run();
    // b stayed queued, uncharged, and went again in the next iteration of the same run
    expect(leftAfterFirst).toEqual([['b', 0, 'queued']]);
    expect(requests.map((r) => r.map((i) => i.id))).toEqual([['a', 'b'], ['b']]);
    expect(res).toMatchObject({ kind: 'done', accepted: 3 });
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('settles a replay as acknowledged: the service holds that version or a newer one', async () => {
    const { db, run } = await setup((items) => ({
      ...ok(items, []),
      rejected: items.map((i) => ({
        type: i.type,
        id: i.id,
        code: 'SYNC_REPLAY_DETECTED' as const,
        reason: 'old',
      })),
    }));
    await db.notes.add(noteRow('r'));
    await run();
    expect(await db.syncQueue.get('r|note|r')).toBeUndefined();
    expect(await db.syncAcks.get('note|r')).toBeDefined();
  });

  it('charges a rejected row, excludes it for the rest of the call, exhausts it at 5', async () => {
    const { db, run, requests } = await setup((items) => ({
      ...ok(items, ['a']),
      rejected: items
        .filter((i) => i.id === 'a')
        .map((i) => ({ type: i.type, id: i.id, code: 'SYNC_INVALID_ITEM' as const, reason: 'bad' })),
    }));
    await db.notes.add(noteRow('a'));
    for (let i = 0; i < 5; i++) await run();
    expect(requests).toHaveLength(5); // once per run: excluded after its rejection
    expect(await db.syncQueue.get('r|note|a')).toMatchObject({ attempts: 5, state: 'exhausted' });
    await run();
    expect(requests).toHaveLength(5); // exhausted rows are no longer sent
  });

  it('retires an id absent from both lists as failed', async () => {
    const { db, run } = await setup(() => ({
      accepted: [],
      rejected: [],
      maxCursor: null,
      committedAtMs: 1,
    }));
    await db.notes.add(noteRow('a'));
    await run();
    expect(await db.syncQueue.get('r|note|a')).toMatchObject({ state: 'failed' });
  });

  it('stops on SYNC_INVALID_SIGNATURE without charging an attempt', async () => {
    const { db, run } = await setup((items) => ({
      accepted: [],
      rejected: items.map((i) => ({
        type: i.type,
        id: i.id,
        code: 'SYNC_INVALID_SIGNATURE' as const,
        reason: 'key',
      })),
      maxCursor: null,
      committedAtMs: 1,
    }));
    await db.notes.add(noteRow('a'));
    expect(await run()).toMatchObject({ kind: 'stopped', error: { code: 'SYNC_INVALID_SIGNATURE' } });
    expect(await db.syncQueue.get('r|note|a')).toMatchObject({ attempts: 0, state: 'queued' });
  });

  it('sends a delete as a signed tombstone with an attestation', async () => {
    const { db, run, requests } = await setup((items) => ok(items));
    await db.notes.add(noteRow('a'));
    await run();
    await db.notes.delete('a');
    await run();
    const sent = requests[1]![0]!;
    expect(sent).toMatchObject({ id: 'a', deletedAt: 1, vectorClock: { devA: 2 } });
    expect(sent.deleteAttestation).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('refuses only the item a per-item STORAGE_QUOTA_EXCEEDED names: the rest is acked and the run goes on (3.3.5)', async () => {
    let full = true;
    const { db, run, requests } = await setup((items) => {
      const over = full ? items.filter((i) => i.id === 'big') : [];
      return {
        ...ok(
          items,
          over.map((i) => i.id),
        ),
        rejected: over.map((i) => ({
          type: i.type,
          id: i.id,
          code: 'STORAGE_QUOTA_EXCEEDED' as const,
          reason: 'over the plan quota',
        })),
      };
    });
    await db.notes.bulkAdd([noteRow('a'), noteRow('big'), noteRow('c')]);
    expect(await run()).toMatchObject({ kind: 'done', accepted: 2 });
    expect(requests.map((r) => r.map((i) => i.id))).toEqual([['a', 'big', 'c']]);
    expect((await db.syncQueue.toArray()).map((r) => [r.id, r.attempts, r.state])).toEqual([
      ['big', 1, 'queued'],
    ]);
    // room again (a delete freed storage): the next run sends it
    full = false;
    expect(await run()).toMatchObject({ kind: 'done', accepted: 1 });
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('halves the batch on a whole-request 5xx (the edge’s empty 503), charging nothing, and sends every row (3.3)', async () => {
    const batch = new BatchSize(4);
    const charged: number[] = [];
    const { db, run, requests } = await setup(async (items, d) => {
      if (items.length > 2) return 503;
      for (const row of await d.syncQueue.toArray()) charged.push(row.attempts);
      return ok(items);
    }, batch);
    await db.notes.bulkAdd(['a', 'b', 'c', 'd', 'e'].map((id) => noteRow(id)));
    expect(await run()).toMatchObject({ kind: 'done', accepted: 5 });
    // 'e' went beside the refused batch (two in flight); a to d again, two by two
    expect(requests.map((r) => r.length)).toEqual([4, 1, 2, 2]);
    expect(requests.slice(2).flatMap((r) => r.map((i) => i.id))).toEqual(['a', 'b', 'c', 'd']);
    expect(batch.current).toBe(2);
    expect(charged.length).toBeGreaterThan(0);
    expect(charged.every((a) => a === 0)).toBe(true); // the 503 charged no attempt
    expect(await db.syncQueue.count()).toBe(0);
  });
});
