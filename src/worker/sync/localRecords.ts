import type { ItemKey, LocalFacts } from '../../sync/engine/ports';
import { clockKey, recordQid } from '../../sync/engine/queue/queueKeys';
import type { VaultDb } from '../db/schema';
import { clocksEqual, type VectorClock } from '../domain/clock/vectorClock';
import { nextRow } from './recordMutation';
import { pushable } from './recordPayloads';
import { itemIdOf, rowKeyOf, SYNCED_TABLES, tableOfType } from './syncedTables';

type Row = Record<string, unknown> & { clock?: VectorClock };

/** A row's last local change in epoch ms, whichever field its table keeps it in; null when none. */
export function modifiedMs(row: Row): number | null {
  for (const f of ['modifiedAt', 'modified', 'updatedAt']) {
    const v = row[f];
    if (typeof v === 'number') return v;
    if (typeof v === 'string') {
      const t = Date.parse(v);
      if (!Number.isNaN(t)) return t;
    }
  }
  return null;
}

/** The record port's reads of local rows for the pull rules (purged tombstones, manifest check). */
export function createLocalRecords(db: VaultDb, now: () => number) {
  const syncTables = () => [...Object.keys(SYNCED_TABLES), 'syncClocks', 'syncQueue'];
  return {
    localFacts: (refs: readonly ItemKey[]) =>
      db.transaction('r', syncTables(), async () => {
        const out = new Map<string, LocalFacts>();
        for (const { type, id } of refs) {
          const table = tableOfType(type);
          if (!table) continue;
          const spec = SYNCED_TABLES[table]!;
          const row = (await db.table(table).get(rowKeyOf(spec, id))) as Row | undefined;
          if (!row) continue;
          const clock = spec.clockOnRow ? row.clock : (await db.syncClocks.get(clockKey(type, id)))?.clock;
          const queued = (await db.syncQueue.get(recordQid(type, id)))?.state === 'queued';
          out.set(`${type}|${id}`, { clock: clock ?? null, queued, modifiedAt: modifiedMs(row) });
        }
        return out;
      }),

    /** keys only (no row is read): live rows per synced table, and remembered deletes */
    localIds: () =>
      db.transaction('r', syncTables(), async () => {
        const live: ItemKey[] = [];
        for (const [table, spec] of Object.entries(SYNCED_TABLES)) {
          const keys = await db.table(table).toCollection().primaryKeys();
          for (const k of keys) live.push({ type: spec.type, id: itemIdOf(spec, k) });
        }
        const deleted = (await db.syncClocks.filter((c) => c.deletedAt !== null).toArray()).map(
          ({ type, id }) => ({ type, id }),
        );
        return { live, deleted };
      }),

    /** queues an update of each live pushable row with its stored clock (never a bumped one) */
    requeue: (refs: readonly ItemKey[]) =>
      db.transaction('rw', syncTables(), async () => {
        let queued = 0;
        for (const { type, id } of refs) {
          const table = tableOfType(type);
          if (!table) continue;
          const row = (await db.table(table).get(rowKeyOf(SYNCED_TABLES[table]!, id))) as Row | undefined;
          if (!row || !pushable(type, row)) continue;
          const qid = recordQid(type, id);
          await db.syncQueue.put(nextRow(await db.syncQueue.get(qid), qid, type, id, 'update', now()));
          queued++;
        }
        return queued;
      }),

    repairOrphans: () => repairOrphans(db, now),
  };
}

/**
 * Orphan repair (spec 4.2.6): every record whose current clock is not the one the service last
 * acknowledged (`syncAcks`, or none) and that has no queue row lost its outbox entry (a crash, a
 * cleared queue): it is queued again, live as an update and deleted as a delete, with its stored
 * clock (never a bumped one; a replay answer then settles it as acknowledged). The scan reads
 * rows one at a time and keeps only the keys it queues.
 */
async function repairOrphans(db: VaultDb, now: () => number): Promise<number> {
  const tables = [...Object.keys(SYNCED_TABLES), 'syncClocks', 'syncQueue', 'syncAcks'];
  const found: { type: string; id: string; op: 'update' | 'delete' }[] = [];
  await db.transaction('r', tables, async () => {
    const unacked = async (type: string, id: string, clock: VectorClock | undefined) => {
      if (!clock || Object.keys(clock).length === 0) return false;
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
      if (await unacked(d.type, d.id, d.clock)) found.push({ type: d.type, id: d.id, op: 'delete' });
    }
  });
  if (found.length === 0) return 0;
  await db.transaction('rw', db.syncQueue, async () => {
    for (const { type, id, op } of found) {
      const qid = recordQid(type, id);
      await db.syncQueue.put(nextRow(await db.syncQueue.get(qid), qid, type, id, op, now()));
    }
  });
  return found.length;
}
