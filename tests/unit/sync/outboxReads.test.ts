import 'fake-indexeddb/auto';
import type { DBCore } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import type { SyncQueueRow } from '../../../src/worker/db/syncTables';
import { createDexieOutbox } from '../../../src/worker/sync/dexieOutbox';
import { noteRow } from './syncFakes';

let n = 0;
const dbs: VaultDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

/**
 * A vault database holding `rows` in its queue, counting the cursors opened on `syncQueue` (the
 * outbox's reads are bounded queries: a cursor costs a search of the index at every step in
 * fake-indexeddb, and a round trip per step in a browser).
 */
async function queueOf(rows: SyncQueueRow[], localOnly: string[] = []) {
  const db = openVaultDb(`outbox-reads-${++n}-${Date.now()}`);
  const seen = { cursors: 0 };
  db.use({
    stack: 'dbcore',
    name: 'count-cursors',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          openCursor(req) {
            if (name === 'syncQueue') seen.cursors += 1;
            return table.openCursor(req);
          },
        };
      },
    }),
  });
  await db.open();
  dbs.push(db);
  await db.syncQueue.bulkPut(rows);
  for (const id of localOnly) await db.notes.put({ ...noteRow(id), localOnly: true });
  return { db, seen, outbox: createDexieOutbox(db, () => 1) };
}

const row = (kind: 'record' | 'body', qid: string, id: string, enqueuedAt: number): SyncQueueRow => ({
  qid,
  kind,
  type: kind === 'record' ? 'note' : 'note_body',
  id,
  op: 'update',
  version: 1,
  attempts: 0,
  state: 'queued',
  enqueuedAt,
  retiredAt: null,
  lastError: null,
  ...(kind === 'body' ? { update: new Uint8Array([enqueuedAt % 256]) } : {}),
});

describe('the outbox reads the queue in bounded reads, never a cursor', () => {
  it('nextRecords: the first rows not excluded, oldest first, whatever the exclusions', async () => {
    // enqueued in reverse of their qids: the order is the enqueue time, not the key
    const rows = Array.from({ length: 30 }, (_, i) => row('record', `q${i}`, `n${i}`, 1_000 - i));
    const dead = { ...row('record', 'dead', 'x', 1), state: 'failed' as const };
    const { outbox, seen } = await queueOf([...rows, dead]);
    const oldest = (k: number) => Array.from({ length: k }, (_, i) => `q${29 - i}`);
    expect((await outbox.nextRecords(5, new Set())).map((r) => r.qid)).toEqual(oldest(5));
    // the five oldest in flight, and two more rejected further on
    const exclude = new Set([...oldest(5), 'q20', 'q18']);
    const next = (await outbox.nextRecords(5, exclude)).map((r) => r.qid);
    expect(next).toEqual(['q24', 'q23', 'q22', 'q21', 'q19']);
    // more excluded than the limit, and fewer rows left than asked for
    expect((await outbox.nextRecords(10, new Set(oldest(25)))).map((r) => r.qid)).toEqual([
      'q4',
      'q3',
      'q2',
      'q1',
      'q0',
    ]);
    expect(await outbox.nextRecords(3, new Set(oldest(30)))).toEqual([]);
    expect(seen.cursors).toBe(0);
  });

  it('nextBodies: skips excluded and local-only documents however many rows they hold', async () => {
    // documents a..e, three update rows each, interleaved in the queue
    const docs = ['a', 'b', 'c', 'd', 'e'];
    const rows = docs.flatMap((d, k) => [0, 1, 2].map((j) => row('body', `b${j}-${d}`, d, 10 * j + k)));
    const { outbox, seen } = await queueOf(rows, ['c']);
    const read = async (limit: number, exclude: Set<string>) =>
      (await outbox.nextBodies(limit, exclude)).map((r) => r.qid).sort();
    // a and b excluded (6 rows), c local-only (3 rows, held): d and e remain
    expect(await read(4, new Set(['a', 'b']))).toEqual(['b0-d', 'b0-e', 'b1-d', 'b1-e']);
    expect(await read(20, new Set(['a', 'b']))).toEqual(['b0-d', 'b0-e', 'b1-d', 'b1-e', 'b2-d', 'b2-e']);
    expect(await read(2, new Set(['a', 'b', 'd', 'e']))).toEqual([]);
    expect(seen.cursors).toBe(0);
  });
});
