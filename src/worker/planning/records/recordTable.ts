import type { EntityTable, IDType } from 'dexie';
import type { Change } from '../../changes/changeFeed';
import type { RecordMeta } from '../../domain/calendar/recordMeta';
import { tick } from '../../domain/clock/vectorClock';
import type { VaultServices } from '../../vault/services';
import { PlanningFailure } from '../writeTx';

/**
 * The writes every record kind of this group shares, used inside a `writeTx`: load-or-refuse,
 * put with a change-feed entry, and delete with a tombstone carrying the delete's clock (the sync
 * engine sends it; spec 4.3.7). `kind` names the tombstone (event, reminder, bookmark, ...).
 */
export function recordTable<Row extends RecordMeta>(
  services: VaultServices,
  table: EntityTable<Row, 'id'>,
  kind: string,
) {
  const name = table.name;
  return {
    table,
    /** The row, or a NOT_FOUND refusal naming `field` that aborts the transaction. */
    async must(id: string, field = 'id'): Promise<Row> {
      const row = await table.get(id as IDType<Row, 'id'>);
      if (!row)
        throw new PlanningFailure({ code: 'NOT_FOUND', message: `no ${kind} ${JSON.stringify(id)}`, field });
      return row;
    },
    async put(changes: Change[], row: Row): Promise<void> {
      await table.put(row);
      changes.push({ table: name, op: 'put', ids: [row.id] });
    },
    async remove(changes: Change[], row: Row): Promise<void> {
      await table.delete(row.id as IDType<Row, 'id'>);
      await services.db.tombstones.put({
        id: row.id,
        kind,
        clock: tick(row.clock, services.deviceId),
        deletedAt: new Date(services.now()).toISOString(),
      });
      changes.push({ table: name, op: 'delete', ids: [row.id] });
    },
  };
}

/** Ids as an argument: one or more, each once. */
export const idListSchema = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 200 },
  minItems: 1,
  maxItems: 500,
  uniqueItems: true,
} as const;

export const idSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const listOptionsSchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  },
  additionalProperties: false,
} as const;

export const writeKind = { kind: 'write', requiresApproval: true } as const;

/**
 * Rewrites `position` to 0..n-1 in the order of `ids` first, then the rest in their current
 * order, ticking only the rows whose position changes. Refuses an id that is not in `rows`.
 */
export function reorderRows<Row extends RecordMeta & { position: number }>(
  rows: readonly Row[],
  ids: readonly string[],
  stamp: (row: Row, position: number) => Row,
): Row[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  ids.forEach((id, i) => {
    if (!byId.has(id))
      throw new PlanningFailure({
        code: 'NOT_FOUND',
        message: `no record ${JSON.stringify(id)}`,
        field: `ids[${i}]`,
      });
  });
  const rest = [...rows].sort((a, b) => a.position - b.position).filter((r) => !ids.includes(r.id));
  const ordered = [...ids.map((id) => byId.get(id) as Row), ...rest];
  return ordered.flatMap((row, position) => (row.position === position ? [] : [stamp(row, position)]));
}
