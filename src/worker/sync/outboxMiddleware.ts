import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, Middleware } from 'dexie';
import { bodyQid } from '../../sync/engine/queue/queueKeys';
import { OUTBOX_STORES, type SyncQueueRow } from '../db/syncTables';
import { isPulled } from './pulledTransactions';
import { trackRecordMutation } from './recordMutation';
import { BODY_UPDATES_TABLE, isTrackedTable, NOTE_BODY_TYPE, SYNCED_TABLES } from './syncedTables';

export interface OutboxOptions {
  /** this install's device id: the clock entry advanced for local writes */
  deviceId: string;
  now: () => number;
  /**
   * told (on a later task, outside any transaction) that a push is wanted; the engine debounces.
   * `bodyDocIds` names the documents of queued Yjs updates (their per-note window, spec 4.2.2);
   * empty for record changes.
   */
  onEnqueue?: (bodyDocIds: readonly string[]) => void;
}

export const OUTBOX_MIDDLEWARE = 'cairn-sync-outbox';

/**
 * The outbox as a Dexie DBCore middleware: every store writes its rows as usual, and this layer
 * adds, in the SAME IndexedDB transaction, the record's clock and its `syncQueue` entry. Stores
 * cannot forget it, and a crash leaves the row, its clock and its outbox entry all or none.
 *
 * - `transaction`: a read-write transaction touching a tracked table is widened to include the
 *   outbox stores, so the writes below are inside it.
 * - `mutate` on a synced table: see recordMutation.ts (clock advance + coalesced queue row).
 * - `add` on crdtUpdates: one append-only body row per stored Yjs update, carrying its bytes.
 * Transactions marked by `markPulled` and schema upgrades (versionchange) pass straight through.
 * Install with `db.use(outboxMiddleware(...))` before `db.open()`.
 */
export function outboxMiddleware(options: OutboxOptions): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: OUTBOX_MIDDLEWARE,
    create(down: DBCore): DBCore {
      return {
        ...down,
        transaction(stores, mode, txOptions) {
          const widen = mode === 'readwrite' && stores.some(isTrackedTable);
          const scope = widen ? [...new Set([...stores, ...OUTBOX_STORES])] : stores;
          return down.transaction(scope, mode, txOptions);
        },
        table(name) {
          const table = down.table(name);
          if (!isTrackedTable(name)) return table;
          return {
            ...table,
            mutate(req) {
              if (passesThrough(req)) return table.mutate(req);
              const result =
                name === BODY_UPDATES_TABLE
                  ? trackBodyUpdates(table, down.table('syncQueue'), req, options)
                  : trackRecordMutation(down, table, SYNCED_TABLES[name]!, req, options);
              // Told from a fresh task: called here, the engine would run inside the caller's
              // transaction zone and its own reads would join (and outlive) that transaction.
              const tell = options.onEnqueue;
              if (tell) {
                const docs =
                  name === BODY_UPDATES_TABLE && req.type === 'add'
                    ? req.values.map((v: { docId: string }) => v.docId)
                    : [];
                setTimeout(() => tell(docs), 0);
              }
              return result;
            },
          };
        },
      };
    },
  };
}

function passesThrough(req: DBCoreMutateRequest): boolean {
  if (isPulled(req.trans)) return true;
  return (req.trans as unknown as { mode?: string }).mode === 'versionchange';
}

/** Body rows: only additions are queued; compaction's deletes and snapshots are local matters. */
function trackBodyUpdates(
  table: DBCoreTable,
  queue: DBCoreTable,
  req: DBCoreMutateRequest,
  options: OutboxOptions,
): Promise<DBCoreMutateResponse> {
  // a Dexie promise chain, so the transaction zone follows (see recordMutation.ts)
  return table.mutate(req).then((res) => {
    if (req.type !== 'add') return res;
    const rows = req.values.flatMap((value: { docId: string; update: Uint8Array }, i): SyncQueueRow[] => {
      if (res.failures[i]) return [];
      const seq = (res.results?.[i] ?? req.keys?.[i]) as number;
      return [
        {
          qid: bodyQid(value.docId, seq),
          kind: 'body',
          type: NOTE_BODY_TYPE,
          id: value.docId,
          op: 'update',
          version: 1,
          attempts: 0,
          state: 'queued',
          enqueuedAt: options.now(),
          retiredAt: null,
          lastError: null,
          update: value.update,
        },
      ];
    });
    return rows.length > 0
      ? queue.mutate({ type: 'put', trans: req.trans, values: rows }).then(() => res)
      : res;
  });
}
