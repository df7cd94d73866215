import Dexie from 'dexie';
import type { OutboxPort } from '../../sync/engine/ports';
import { SCHEMA_INVALID } from '../../sync/engine/push/pushRecords';
import { clockKey } from '../../sync/engine/queue/queueKeys';
import type { VaultDb } from '../db/schema';
import type { SyncQueueRow } from '../db/syncTables';

/** Attempts before a rejected row is exhausted (spec 3.2, 8.3). */
export const MAX_PUSH_ATTEMPTS = 5;

/**
 * The first `limit` rows of `range`, in its index order, that `keep` accepts: exactly what
 * `range().filter(keep).limit(limit)` answers, read as bounded queries in one read transaction
 * (`read` rows, then twice as many while too few were kept and the range had more) instead of a
 * cursor stepped row by row. fake-indexeddb (Node: the tests and the bench) searches its index
 * again at every cursor step: a filtered read of 100 among 2,000 queued rows took ~200 ms, and the
 * first push of 10,000 notes spent most of its IndexedDB time there (docs/sync-client.md).
 */
async function firstKept(
  db: VaultDb,
  range: () => { limit(n: number): { toArray(): Promise<SyncQueueRow[]> } },
  keep: (row: SyncQueueRow) => boolean,
  limit: number,
  read: number,
): Promise<SyncQueueRow[]> {
  return db.transaction('r', db.syncQueue, async () => {
    for (let size = Math.max(read, limit, 1); ; size *= 2) {
      const rows = await range().limit(size).toArray();
      const kept = rows.filter(keep);
      if (kept.length >= limit || rows.length < size) return kept.slice(0, limit);
    }
  });
}

/** The outbox port over the `syncQueue` table (rows written by outboxMiddleware). */
export function createDexieOutbox(db: VaultDb, now: () => number): OutboxPort {
  return {
    async nextRecords(limit, exclude) {
      const queued = () =>
        db.syncQueue
          .where('[kind+state+enqueuedAt]')
          .between(['record', 'queued', Dexie.minKey], ['record', 'queued', Dexie.maxKey]);
      // among the first `limit + exclude.size` rows at most `exclude.size` are excluded: one read
      const rows = await firstKept(db, queued, (r) => !exclude.has(r.qid), limit, limit + exclude.size);
      return rows.map(({ qid, type, id, op, version, enqueuedAt }) => ({
        qid,
        type,
        id,
        op,
        version,
        enqueuedAt,
      }));
    },

    async settle(outcomes) {
      await db.transaction('rw', db.syncQueue, db.syncAcks, async () => {
        for (const { row, outcome } of outcomes) {
          if (outcome.kind === 'accepted') {
            // what the service holds, in the transaction that settles the row (orphan repair)
            await db.syncAcks.put({ key: clockKey(row.type, row.id), clock: outcome.clock, at: now() });
          }
          const stored = await db.syncQueue.get(row.qid);
          if (!stored) continue;
          if (outcome.kind === 'accepted') {
            // changed while in flight: stays queued, sent next time, no attempt charged
            if (stored.version === row.version) await db.syncQueue.delete(row.qid);
            continue;
          }
          await db.syncQueue.put(charge(stored, outcome, now()));
        }
      });
    },

    async nextBodies(limit, excludeDocs) {
      // The bodies of local-only notes stay queued but held (stores/localOnly.ts): they go up
      // only once the note is switched back. Each pass learns more held ids, so this ends.
      const held = new Set<string>();
      for (;;) {
        const rows = await firstKept(
          db,
          () => db.syncQueue.where('[kind+state]').equals(['body', 'queued']),
          (r) => !excludeDocs?.has(r.id) && !held.has(r.id),
          limit,
          limit + (excludeDocs?.size ?? 0) + held.size,
        );
        const docIds = [...new Set(rows.map((r) => r.id))];
        const notes = await db.notes.bulkGet(docIds);
        const local = docIds.filter((_, i) => notes[i]?.localOnly === true);
        if (local.length === 0)
          return rows.flatMap((r) => (r.update ? [{ qid: r.qid, docId: r.id, update: r.update }] : []));
        for (const id of local) held.add(id);
      }
    },

    async ackBodies(qids) {
      await db.syncQueue.bulkDelete([...qids]);
    },

    purgeDeadLetters(cutoff, min) {
      return db.transaction('rw', db.syncQueue, async () => {
        const old = db.syncQueue
          .where('[state+retiredAt]')
          .between(['exhausted', Dexie.minKey], ['exhausted', cutoff], true, false)
          .or('[state+retiredAt]')
          .between(['failed', Dexie.minKey], ['failed', cutoff], true, false);
        const keys = await old.primaryKeys();
        if (keys.length < min) return 0;
        await db.syncQueue.bulkDelete(keys);
        return keys.length;
      });
    },

    async counts() {
      const queued =
        (await db.syncQueue.where('[kind+state]').equals(['record', 'queued']).count()) +
        (await db.syncQueue.where('[kind+state]').equals(['body', 'queued']).count());
      const deadLetters = await db.syncQueue
        .where('[kind+state]')
        .anyOf([
          ['record', 'exhausted'],
          ['record', 'failed'],
        ])
        .count();
      const schemaInvalid =
        deadLetters === 0
          ? 0
          : await db.syncQueue
              .where('[kind+state]')
              .equals(['record', 'failed'])
              .filter((r) => r.lastError?.code === SCHEMA_INVALID)
              .count();
      return { queued, deadLetters, schemaInvalid };
    },
  };
}

function charge(
  row: SyncQueueRow,
  outcome: { kind: 'rejected' | 'failed'; code: string; message: string },
  at: number,
): SyncQueueRow {
  const lastError = { code: outcome.code, message: outcome.message };
  if (outcome.kind === 'failed') return { ...row, state: 'failed', retiredAt: at, lastError };
  const attempts = row.attempts + 1;
  return attempts >= MAX_PUSH_ATTEMPTS
    ? { ...row, attempts, state: 'exhausted', retiredAt: at, lastError }
    : { ...row, attempts, lastError };
}
