import type { Change } from '../../changes/changeFeed';
import { DEFAULT_STALE_DAYS, type InboxRow } from '../../domain/inbox/inboxItem';
import type { VaultServices } from '../../vault/services';
import { PlanningFailure, writeTx } from '../writeTx';

export const STALE_DAYS_KEY = 'inbox.staleDays';

export type InboxDeps = { now(): number; newId(): string; readonly deviceId: string };

/**
 * The inbox table's helpers: load-or-refuse inside a transaction, and a write that puts rows and
 * records them for the change feed. Every inbox write is one transaction (writeTx).
 */
export function createInboxStore(services: VaultServices) {
  const { db } = services;
  const deps: InboxDeps = { now: services.now, newId: services.newId, deviceId: services.deviceId };

  async function load(id: string, field = 'id'): Promise<InboxRow> {
    const row = await db.inbox.get(id);
    if (!row)
      throw new PlanningFailure({
        code: 'NOT_FOUND',
        message: `inbox item ${JSON.stringify(id)} does not exist`,
        field,
      });
    return row;
  }

  async function put(rows: InboxRow[], changes: Change[]): Promise<void> {
    await db.inbox.bulkPut(rows);
    changes.push({ table: 'inbox', op: 'put', ids: rows.map((r) => r.id) });
  }

  /** Applies `step` to each item in one transaction; the first refusal refuses them all. */
  const eachItem = (ids: readonly string[], step: (row: InboxRow) => InboxRow) =>
    writeTx(services, [db.inbox], async (changes) => {
      const rows: InboxRow[] = [];
      for (const [i, id] of ids.entries())
        rows.push(step(await load(id, ids.length === 1 ? 'id' : `ids[${i}]`)));
      await put(rows, changes);
      return { items: rows.map((r) => ({ id: r.id, bucket: r.bucket })) };
    });

  async function staleDays(): Promise<number> {
    const row = await db.settings.get(STALE_DAYS_KEY);
    return typeof row?.value === 'number' ? row.value : DEFAULT_STALE_DAYS;
  }

  return { db, deps, load, put, eachItem, staleDays };
}

export type InboxStore = ReturnType<typeof createInboxStore>;
