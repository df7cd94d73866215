import type { ItemKey, LocalFacts } from '../../sync/engine/ports';
import { clockKey, recordQid } from '../../sync/engine/queue/queueKeys';
import type { VaultDb } from '../db/schema';
import type { VectorClock } from '../domain/clock/vectorClock';
import { repairOrphans } from './orphanRepair';
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

/**
 * The record port's reads of local rows for the pull rules (purged tombstones, manifest check)
 * and orphan repair; `deviceId` is this install's clock id (a rebuilt delete ticks it).
 */
export function createLocalRecords(db: VaultDb, now: () => number, deviceId: string) {
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

    repairOrphans: () => repairOrphans(db, now, deviceId),
  };
}
