import { clockKey, recordQid } from '../../sync/engine/queue/queueKeys';
import type { VaultDb } from '../db/schema';
import type { SyncClockRow, SyncQueueRow } from '../db/syncTables';
import { merge, sum, tick, type VectorClock } from '../domain/clock/vectorClock';
import { UNIQUE_KEYS } from './planRecordRows';
import { nextRow } from './recordMutation';

type Row = Record<string, unknown> & { id: string; clock: VectorClock };

/**
 * Two devices may each create a row with the same unique derived key (a bookmark of one note,
 * two templates of one name); the unique index would refuse the pulled one and abort the slice.
 * Every device settles it alike (docs/planning.md): the row with the larger tick sum wins (tie:
 * the larger id), and the loser is deleted WITH a tombstone (its clock ticked by this device)
 * queued for push, so the server and every other device drop it too. Runs inside the pulled
 * transaction; answers whether `incoming` may be stored, and the id of the local row deleted.
 */
export async function settleUniqueKey(
  db: VaultDb,
  type: string,
  incoming: Row,
  deviceId: string,
  at: number,
): Promise<{ store: boolean; deleted: string | null }> {
  const rule = UNIQUE_KEYS[type];
  const keep = { store: true, deleted: null };
  if (!rule) return keep;
  const table = db.table(rule.table);
  const other = (await table
    .where(rule.index)
    .equals(incoming[rule.index] as string)
    .first()) as Row | undefined;
  if (!other || other.id === incoming.id) return keep;
  const incomingWins =
    sum(incoming.clock) !== sum(other.clock)
      ? sum(incoming.clock) > sum(other.clock)
      : incoming.id > other.id;
  const loser = incomingWins ? other : incoming;
  // the losing id leaves this device too (an older local version of `incoming` included)
  const local = incomingWins ? other : await table.get(incoming.id);
  if (local) await table.delete(loser.id);
  await tombstone(db, type, loser, deviceId, at);
  return { store: incomingWins, deleted: local ? loser.id : null };
}

async function tombstone(db: VaultDb, type: string, loser: Row, deviceId: string, at: number) {
  const key = clockKey(type, loser.id);
  const known = (await db.syncClocks.get(key)) as SyncClockRow | undefined;
  await db.syncClocks.put({
    key,
    type,
    id: loser.id,
    clock: tick(merge(known?.clock ?? {}, loser.clock), deviceId),
    deletedAt: at,
    syncedAt: null,
  });
  const qid = recordQid(type, loser.id);
  const queued = (await db.syncQueue.get(qid)) as SyncQueueRow | undefined;
  await db.syncQueue.put(nextRow(queued, qid, type, loser.id, 'delete', at));
}
