import type { IncomingRecord } from '../../sync/engine/ports';
import { clockKey } from '../../sync/engine/queue/queueKeys';
import { createDocStore } from '../crdt/docStore';
import type { VaultDb } from '../db/schema';
import type { SyncClockRow } from '../db/syncTables';
import type { VectorClock } from '../domain/clock/vectorClock';
import { rowKeyOf, SYNCED_TABLES, tableOfType } from './syncedTables';

type Row = Record<string, unknown> & { clock?: VectorClock };

/** Writes held until the batch flushes them: one bulk request per table, in the order given. */
export interface BatchWrites {
  put(table: string, row: object): void;
  add(table: string, row: object): void;
}

/**
 * What a batch of pulled records (applyRecords.ts) reads of its own local state, read in bulk
 * before the first item applies, and the writes of its items held until a flush: a first sync
 * applies its records 100 to 256 at a time, and one request per row and table per item was most
 * of its time. The rules that keep this equal to reading and writing item by item:
 * - a prefetched value is used only by the first item of its key, and only when no earlier item
 *   of the batch wrote that key (`touched`); such an item flushes the held writes and reads again;
 * - types whose apply writes OTHER rows of their table (a canvas name clash, a unique-key clash)
 *   are never prefetched, so they always flush and read;
 * - anything that reads rows another item may have written (the parents of a task or status, a
 *   journal row's mirror) flushes first; the batch flushes at its end.
 */
export interface ApplyBatch extends BatchWrites {
  rows: Map<string, Row | undefined>;
  clocks: Map<string, SyncClockRow | undefined>;
  /** body states of the batch's NEW notes and journal entries (absent: no CRDT state) */
  states: Map<string, Uint8Array>;
  touched: Set<string>;
  flush(): Promise<void>;
}

/** Types whose apply may write another row of their table (canvasNames.ts, uniqueKeys.ts). */
const WRITES_OTHER_ROWS = new Set(['canvas', 'bookmark', 'template']);

export async function openApplyBatch(db: VaultDb, items: readonly IncomingRecord[]): Promise<ApplyBatch> {
  const byTable = new Map<string, string[]>();
  const clockKeys: string[] = [];
  /** `table|rowKey` of the batch's notes and journal entries, by document id */
  const docs = new Map<string, string>();
  for (const item of items) {
    const table = tableOfType(item.type);
    if (!table || WRITES_OTHER_ROWS.has(item.type)) continue;
    const keys = byTable.get(table) ?? [];
    const rowKey = rowKeyOf(SYNCED_TABLES[table]!, item.id);
    keys.push(rowKey);
    byTable.set(table, keys);
    clockKeys.push(clockKey(item.type, item.id));
    if (item.type === 'note' || item.type === 'journal') docs.set(item.id, `${table}|${rowKey}`);
  }
  const rows = new Map<string, Row | undefined>();
  const reads = [...byTable].map(async ([table, keys]) => {
    const got = (await db.table(table).bulkGet(keys)) as (Row | undefined)[];
    for (const [i, key] of keys.entries()) rows.set(`${table}|${key}`, got[i]);
  });
  const clocks = new Map<string, SyncClockRow | undefined>();
  const clockRead = db.syncClocks.bulkGet(clockKeys).then((got) => {
    for (const [i, key] of clockKeys.entries()) clocks.set(key, got[i] as SyncClockRow | undefined);
  });
  await Promise.all([clockRead, ...reads]);
  // only a new row adopts its body (pulledBody.ts): a known note's document is never read here
  const adopting = [...docs].flatMap(([id, row]) => (rows.get(row) === undefined ? [id] : []));
  const states = await createDocStore(db).loadStates(adopting);

  // held writes, per table and kind, in the order they were made (a later put of a key wins)
  const held = new Map<string, { kind: 'put' | 'add'; rows: object[] }>();
  const hold = (kind: 'put' | 'add', table: string, row: object) => {
    const k = `${kind}:${table}`;
    const list = held.get(k);
    if (list) list.rows.push(row);
    else held.set(k, { kind, rows: [row] });
  };
  return {
    rows,
    clocks,
    states,
    touched: new Set(),
    put: (table, row) => hold('put', table, row),
    add: (table, row) => hold('add', table, row),
    async flush() {
      if (held.size === 0) return;
      const all = [...held];
      held.clear();
      // tables are independent; a table's puts and adds never name the same key within one flush
      await Promise.all(
        all.map(([k, { kind, rows: list }]) => {
          const table = db.table(k.slice(kind.length + 1));
          return kind === 'put' ? table.bulkPut(list) : table.bulkAdd(list);
        }),
      );
    },
  };
}
