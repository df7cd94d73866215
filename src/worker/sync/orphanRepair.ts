import { clockKey, recordQid } from '../../sync/engine/queue/queueKeys';
import type { VaultDb } from '../db/schema';
import type { SyncClockRow } from '../db/syncTables';
import { clocksEqual, isVectorClock, tick, type VectorClock } from '../domain/clock/vectorClock';
import { nextRow } from './recordMutation';
import { pushable } from './recordPayloads';
import { itemIdOf, SYNCED_TABLES } from './syncedTables';

type Row = Record<string, unknown> & { clock?: VectorClock };

/** A clock a push can carry and a delete attestation can sign: well formed, with a tick. */
export function readableClock(clock: unknown): clock is VectorClock {
  return isVectorClock(clock) && Object.keys(clock).length > 0;
}

/**
 * The clock a remembered delete whose own clock is unreadable (missing, empty, malformed: an old
 * build's or a damaged row) is rebuilt around (spec 4.2.3 "rebuilt around a first clock"): the
 * clock the service last acknowledged of the item (`syncAcks`), ticked by this install. It is
 * after every version this device knows the service holds, so the service takes it as new (not a
 * replay) and every device that holds that version applies the delete; with no acknowledgement it
 * is the first clock `{<install>: 1}`. A version from elsewhere the ack does not know is
 * concurrent with it and the delete still applies (4.3.7: only a clock strictly after it keeps
 * the row).
 */
export function rebuiltDeleteClock(acked: VectorClock | undefined, deviceId: string): VectorClock {
  return tick(acked && isVectorClock(acked) ? acked : {}, deviceId);
}

/**
 * Orphan repair (spec 4.2.6): every record whose current clock is not the one the service last
 * acknowledged (`syncAcks`, or none) and that has no queue row lost its outbox entry (a crash, a
 * cleared queue): it is queued again, live as an update and deleted as a delete, with its stored
 * clock (never a bumped one; a replay answer then settles it as acknowledged). A remembered
 * delete without a readable clock is rebuilt (`rebuiltDeleteClock`) and queued, also when a queue
 * row holds it (that row could only be retired as unpushable). The scan reads rows one at a time
 * and keeps only the keys it queues. Answers how many were queued.
 */
export async function repairOrphans(db: VaultDb, now: () => number, deviceId: string): Promise<number> {
  const tables = [...Object.keys(SYNCED_TABLES), 'syncClocks', 'syncQueue', 'syncAcks'];
  const found: { type: string; id: string; op: 'update' | 'delete' }[] = [];
  const rebuilt: SyncClockRow[] = [];
  await db.transaction('r', tables, async () => {
    const unacked = async (type: string, id: string, clock: VectorClock | undefined) => {
      if (!clock || !readableClock(clock)) return false;
      if (await db.syncQueue.get(recordQid(type, id))) return false;
      const ack = await db.syncAcks.get(clockKey(type, id));
      return !ack || !clocksEqual(ack.clock, clock);
    };
    for (const [table, spec] of Object.entries(SYNCED_TABLES)) {
      const rows: { id: string; clock: VectorClock | undefined }[] = [];
      await db.table(table).each((row: Row) => {
        if (pushable(spec.type, row)) rows.push({ id: itemIdOf(spec, row[spec.key]), clock: row.clock });
      });
      for (const { id, clock: onRow } of rows) {
        const clock = spec.clockOnRow ? onRow : (await db.syncClocks.get(clockKey(spec.type, id)))?.clock;
        if (await unacked(spec.type, id, clock)) found.push({ type: spec.type, id, op: 'update' });
      }
    }
    const deletes = await db.syncClocks.filter((c) => c.deletedAt !== null).toArray();
    for (const d of deletes) {
      if (!readableClock(d.clock)) {
        const ack = await db.syncAcks.get(d.key);
        rebuilt.push({ ...d, clock: rebuiltDeleteClock(ack?.clock, deviceId) });
      } else if (await unacked(d.type, d.id, d.clock)) found.push({ type: d.type, id: d.id, op: 'delete' });
    }
  });
  if (found.length === 0 && rebuilt.length === 0) return 0;
  return db.transaction('rw', [db.syncQueue, db.syncClocks], async () => {
    for (const row of rebuilt) {
      // only the unreadable delete read above (an edit or a pull may have replaced it since)
      const current = await db.syncClocks.get(row.key);
      if (!current || current.deletedAt === null || readableClock(current.clock)) continue;
      await db.syncClocks.put(row);
      found.push({ type: row.type, id: row.id, op: 'delete' });
    }
    for (const { type, id, op } of found) {
      const qid = recordQid(type, id);
      await db.syncQueue.put(nextRow(await db.syncQueue.get(qid), qid, type, id, op, now()));
    }
    return found.length;
  });
}
