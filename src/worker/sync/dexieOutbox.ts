import Dexie from 'dexie';
import type { OutboxPort } from '../../sync/engine/ports';
import { SCHEMA_INVALID } from '../../sync/engine/push/pushRecords';
import { clockKey } from '../../sync/engine/queue/queueKeys';
import type { VaultDb } from '../db/schema';
import type { SyncQueueRow } from '../db/syncTables';

/** Attempts before a rejected row is exhausted (spec 3.2, 8.3). */
export const MAX_PUSH_ATTEMPTS = 5;

/** The outbox port over the `syncQueue` table (rows written by outboxMiddleware). */
export function createDexieOutbox(db: VaultDb, now: () => number): OutboxPort {
  return {
    async nextRecords(limit, exclude) {
      const rows = await db.syncQueue
        .where('[kind+state+enqueuedAt]')
        .between(['record', 'queued', Dexie.minKey], ['record', 'queued', Dexie.maxKey])
        .filter((r) => !exclude.has(r.qid))
        .limit(limit)
        .toArray();
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
        const rows = await db.syncQueue
          .where('[kind+state]')
          .equals(['body', 'queued'])
          .filter((r) => !excludeDocs?.has(r.id) && !held.has(r.id))
          .limit(limit)
          .toArray();
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
