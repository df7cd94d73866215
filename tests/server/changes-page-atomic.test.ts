import { describe, expect, it } from 'vitest';
import type { Deps } from '../../server/src/deps';
import { Timing } from '../../server/src/http/timing';
import type { Sql, Statement } from '../../server/src/ports/sql';
import { changesPage } from '../../server/src/records/changes';
import type { ItemRow } from '../../server/src/records/item-row';
import type { NegotiatedTypes } from '../../src/sync/protocol/item-types';

/**
 * A page of `GET /sync/changes` is read in ONE transaction (server/src/records/changes.ts). Its
 * records, body updates and snapshots come from three tables; read one by one, a commit landing
 * between the reads could give a page holding a body entry above a record the records read did not
 * see, and nextCursor (the page's last cursor) would step over that record for good. The store
 * below commits a push (a record at 101, its body at 102) right after the first read it serves.
 */
const record = (cursor: number): ItemRow => ({
  type: 'note',
  id: `n${cursor}`,
  device_id: 'd',
  vector_clock: '{"d":1}',
  blob_key: null,
  size_bytes: 10,
  content_hash: 'h',
  created_at: 1,
  updated_at: 1,
  deleted_at: null,
  signature: 's',
  crypto_version: 3,
  delete_attestation: null,
  server_cursor: cursor,
  committed_at_ms: 1,
  platform: null,
  version: null,
  purged_at: null,
});
const update = (cursor: number) => ({
  note_id: `n${cursor - 1}`,
  server_cursor: cursor,
  sequence_num: 1,
  size_bytes: 4,
  data: new Uint8Array([1, 2, 3, 4]),
});

function storeWithConcurrentPush() {
  const records = [record(100)];
  const updates: ReturnType<typeof update>[] = [];
  let served = 0;
  const read = (stmt: Statement): unknown[] => {
    const above = (rows: { server_cursor: number | null }[], cursor: number) =>
      rows.filter((r) => (r.server_cursor as number) > cursor);
    if (stmt.sql.includes('FROM sync_items')) return above(records, stmt.params[2] as number);
    if (stmt.sql.includes('FROM crdt_updates')) return above(updates, stmt.params[3] as number);
    if (stmt.sql.includes('FROM crdt_snapshots')) return [];
    throw new Error(`unexpected statement ${stmt.sql}`);
  };
  // the push commits after the first read the store serves (a whole batch is one read)
  const afterRead = () => {
    if (++served === 1) {
      records.push(record(101));
      updates.push(update(102));
    }
  };
  const sql: Sql = {
    async all<T>(stmt: Statement) {
      const rows = read(stmt);
      afterRead();
      return rows as T[];
    },
    async first() {
      throw new Error('not used');
    },
    async run() {
      throw new Error('not used');
    },
    async batch(stmts) {
      const rows = stmts.map(read);
      afterRead();
      return rows;
    },
  };
  return { sql, clock: { nowMs: () => 1_000 } } as unknown as Deps;
}

describe('a changes page is one snapshot of the feed', () => {
  it('a push committed while the page is read never makes the page step over its record', async () => {
    const deps = storeWithConcurrentPush();
    const ctx = {
      userId: 'u',
      vaultId: 'v',
      types: { types: ['note'], noteBody: true, purgedTombstones: false } satisfies NegotiatedTypes,
      timing: new Timing(),
    };
    const first = await changesPage(deps, ctx, { cursor: 99, inline: false });
    const second = await changesPage(deps, ctx, { cursor: first.nextCursor, inline: false });
    const seen = [
      ...first.refs.map((r) => r.serverCursor),
      ...(first.noteBodies ?? []).map((b) => b.serverCursor),
      ...second.refs.map((r) => r.serverCursor),
      ...(second.noteBodies ?? []).map((b) => b.serverCursor),
    ];
    // every entry of the feed reaches the device, in order, whichever page it is on
    expect(seen).toEqual([100, 101, 102]);
  });
});
