import { toBase64 } from '../../../src/sync/crypto/bytes';
import type { ChangeRef, ChangesResponse, NoteBodyRef } from '../../../src/sync/protocol/changes';
import type { NegotiatedTypes } from '../../../src/sync/protocol/item-types';
import {
  CHANGES_PAGE_REFS,
  CHANGES_PAGE_REFS_WITH_BODIES,
  INLINE_NOTE_UPDATE_MAX_BYTES,
  INLINE_ROW_MAX_BYTES,
} from '../../../src/sync/protocol/limits';
import type { PullItem } from '../../../src/sync/protocol/pull';
import { snapshotRevision } from '../crdt/revision';
import type { Deps } from '../deps';
import type { Timing } from '../http/timing';
import { type Statement, sql } from '../ports/sql';
import { ITEM_COLUMNS, type ItemRow, toPullItem } from './item-row';
import { loadPayloads } from './pull';

/** A snapshot as the feed lists it (a reference: its bytes are fetched by note id). */
export interface FeedSnapshotRow {
  note_id: string;
  server_cursor: number;
  sequence_num: number;
  revision: string | null;
  created_at: number;
  size_bytes: number;
}

type FeedEntry = { cursor: number; ref: ChangeRef; row: ItemRow } | { cursor: number; body: NoteBodyRef };

/**
 * `GET /sync/changes`: one page of the vault's feed after `cursor`, in cursor order. Records of
 * the negotiated types, plus note-body entries when `note_body` was declared. 500 refs a page,
 * 100 with inline or note bodies. `nextCursor` is the last entry's cursor (the incoming one when
 * the page is empty). With no recognised type and no note_body, no database query at all.
 */
export async function changesPage(
  deps: Deps,
  ctx: { userId: string; vaultId: string; types: NegotiatedTypes; timing: Timing },
  req: { cursor: number; inline: boolean },
): Promise<ChangesResponse> {
  const serverTimeMs = deps.clock.nowMs();
  const { types, noteBody } = ctx.types;
  if (types.length === 0 && !noteBody) return { refs: [], nextCursor: req.cursor, serverTimeMs };
  const pageSize = req.inline || noteBody ? CHANGES_PAGE_REFS_WITH_BODIES : CHANGES_PAGE_REFS;

  // ONE batch, so one transaction: reads run separately could straddle a commit, and a page with
  // a body entry committed after a record the records read missed would skip that record for good
  // (nextCursor is the page's last cursor).
  const reads: Statement[] = [];
  if (types.length > 0) reads.push(recordsRead(ctx, req.cursor, pageSize));
  if (noteBody) reads.push(...noteBodyReads(ctx, req.cursor, pageSize));
  const results = await ctx.timing.measure('d1', () => deps.sql.batch(reads));
  const records = types.length > 0 ? recordEntries(results.shift() as ItemRow[]) : [];
  const bodies = noteBody
    ? await noteBodyEntries(results[0] as UpdateRow[], results[1] as FeedSnapshotRow[])
    : [];
  const page = [...records, ...bodies].sort((a, b) => a.cursor - b.cursor).slice(0, pageSize);
  const res: ChangesResponse = {
    refs: page.flatMap((e) => ('ref' in e ? [e.ref] : [])),
    nextCursor: page.at(-1)?.cursor ?? req.cursor,
    serverTimeMs,
  };
  if (noteBody) res.noteBodies = page.flatMap((e) => ('body' in e ? [e.body] : []));
  if (req.inline) res.inline = await inlineItems(deps, ctx.timing, page);
  return res;
}

function recordsRead(
  ctx: { userId: string; vaultId: string; types: NegotiatedTypes },
  cursor: number,
  limit: number,
): Statement {
  const typeList = ctx.types.types.map(() => '?').join(', ');
  // From cursor 0 a purged-tombstone marker is not listed: a fresh device has nothing to delete.
  return sql(
    `SELECT ${ITEM_COLUMNS} FROM sync_items WHERE user_id = ? AND vault_id = ? AND server_cursor > ?
     AND type IN (${typeList}) ${cursor === 0 ? 'AND purged_at IS NULL' : ''} ORDER BY server_cursor LIMIT ?`,
    ctx.userId,
    ctx.vaultId,
    cursor,
    ...ctx.types.types,
    limit,
  );
}

function recordEntries(rows: ItemRow[]): FeedEntry[] {
  return rows.map((row) => ({
    cursor: row.server_cursor as number,
    row,
    ref: {
      type: row.type,
      id: row.id,
      serverCursor: row.server_cursor as number,
      deleted: row.deleted_at !== null,
      sizeBytes: row.size_bytes,
      committedAtMs: row.committed_at_ms,
    },
  }));
}

function noteBodyReads(ctx: { userId: string; vaultId: string }, cursor: number, limit: number): Statement[] {
  return [
    sql(
      `SELECT note_id, server_cursor, sequence_num, size_bytes, CASE WHEN size_bytes <= ? THEN data END AS data
       FROM crdt_updates WHERE user_id = ? AND vault_id = ? AND server_cursor > ? ORDER BY server_cursor LIMIT ?`,
      INLINE_NOTE_UPDATE_MAX_BYTES,
      ctx.userId,
      ctx.vaultId,
      cursor,
      limit,
    ),
    sql(
      `SELECT note_id, server_cursor, sequence_num, revision, created_at, size_bytes FROM crdt_snapshots
       WHERE user_id = ? AND vault_id = ? AND server_cursor > ? ORDER BY server_cursor LIMIT ?`,
      ctx.userId,
      ctx.vaultId,
      cursor,
      limit,
    ),
  ];
}

interface UpdateRow {
  note_id: string;
  server_cursor: number;
  sequence_num: number;
  size_bytes: number;
  data: Uint8Array | null;
}

async function noteBodyEntries(updates: UpdateRow[], snapshots: FeedSnapshotRow[]): Promise<FeedEntry[]> {
  const entries: FeedEntry[] = updates.map((u) => {
    const body: NoteBodyRef = {
      kind: 'update',
      noteId: u.note_id,
      serverCursor: u.server_cursor,
      sequenceNum: u.sequence_num,
      sizeBytes: u.size_bytes,
    };
    if (u.data) body.data = toBase64(u.data);
    return { cursor: u.server_cursor, body };
  });
  for (const s of snapshots) {
    entries.push({
      cursor: s.server_cursor,
      body: {
        kind: 'snapshot',
        noteId: s.note_id,
        serverCursor: s.server_cursor,
        sequenceNum: s.sequence_num,
        revision: s.revision ?? (await snapshotRevision(s.note_id, s.created_at, s.size_bytes)),
      },
    });
  }
  return entries;
}

/** Pull items for the page's rows of at most 64 KiB (tombstones included). */
async function inlineItems(deps: Deps, timing: Timing, page: FeedEntry[]): Promise<PullItem[]> {
  const rows = page.flatMap((e) =>
    'row' in e && e.row.blob_key !== null && e.row.size_bytes <= INLINE_ROW_MAX_BYTES ? [e.row] : [],
  );
  const payloads = await loadPayloads(deps, timing, rows);
  return rows.flatMap((row, i) => {
    const p = payloads[i];
    return p ? [toPullItem(row, p)] : [];
  });
}
