import {
  INLINE_NOTE_UPDATE_MAX_BYTES,
  MAX_PACKED_ITEM_BYTES,
  PACK_MAX_INDEX_ENTRY_BYTES,
  PACK_MAX_ITEMS,
  PACK_TARGET_BYTES,
} from '../../../src/sync/protocol/limits';
import { MPAK_KIND } from '../../../src/sync/protocol/mpakFormat';
import { encodeMpakBytes, type MpakEntryInput } from '../../../src/sync/protocol/mpakWriter';
import { PACK_KIND_RECORDS, type PackRecordMeta } from '../../../src/sync/protocol/packs';
import { snapshotRevision } from '../crdt/revision';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';
import type { FeedSnapshotRow } from '../records/changes';
import { ITEM_COLUMNS, type ItemRow, parseClock } from '../records/item-row';
import { type BuildOutcome, PACK_SETTLE_MS, recordSize } from './build';
import { commitPack, readWatermark } from './commit';
import { isHole } from './select';

interface UpdateRow {
  note_id: string;
  server_cursor: number;
  sequence_num: number;
  size_bytes: number;
  created_at: number;
  data: Uint8Array | null;
}

/** One feed entry above the watermark, in cursor order. */
type FeedSlot =
  | { cursor: number; at: number; record: ItemRow }
  | { cursor: number; at: number; update: UpdateRow }
  | { cursor: number; at: number; snapshot: FeedSnapshotRow };

const EMPTY = new Uint8Array(0);

/**
 * Builds the next `records` pack of one vault (docs/packs.md "Record packs"): the vault's changes
 * feed above the pack watermark, in server_cursor order, exactly what `GET /sync/changes` from
 * cursor 0 lists with every type and `note_body` declared: the current row of each record (its
 * ciphertext as the entry's bytes, its pull item's metadata as meta), each note-body update (its
 * bytes when at most 4 KiB, as the feed inlines them) and each snapshot (a reference, as on the
 * feed). Purged-tombstone markers are left out, as the feed leaves them out from cursor 0. Every
 * feed entry of the window has an index record, so packs chain without gaps: a row whose object
 * is missing, empty, of another size than declared or over 8 MB, or whose metadata does not fit
 * an index record, is a reference with no bytes (the client fetches it by id). The window stops
 * at 256 entries, before 24 MB of bytes, and before the first entry younger than PACK_SETTLE_MS;
 * only a window that stopped at 256 entries or 24 MB is packed.
 */
export async function buildNextRecordPack(
  deps: Deps,
  userId: string,
  vaultId: string,
): Promise<BuildOutcome> {
  const kind = PACK_KIND_RECORDS;
  const mark = await readWatermark(deps.sql, userId, vaultId, kind);
  const from = Math.max(0, mark.sortValue);
  const settledBefore = deps.clock.nowMs() - PACK_SETTLE_MS;
  // one batch, one transaction: the three reads see the same commits (records/changes.ts)
  const [records, updates, snapshots] = (await deps.sql.batch([
    sql(
      `SELECT ${ITEM_COLUMNS} FROM sync_items WHERE user_id = ? AND vault_id = ? AND server_cursor > ?
         AND purged_at IS NULL ORDER BY server_cursor LIMIT ?`,
      userId,
      vaultId,
      from,
      PACK_MAX_ITEMS,
    ),
    sql(
      `SELECT note_id, server_cursor, sequence_num, size_bytes, created_at,
           CASE WHEN size_bytes <= ? THEN data END AS data
         FROM crdt_updates WHERE user_id = ? AND vault_id = ? AND server_cursor > ?
         ORDER BY server_cursor LIMIT ?`,
      INLINE_NOTE_UPDATE_MAX_BYTES,
      userId,
      vaultId,
      from,
      PACK_MAX_ITEMS,
    ),
    sql(
      `SELECT note_id, server_cursor, sequence_num, revision, created_at, size_bytes FROM crdt_snapshots
         WHERE user_id = ? AND vault_id = ? AND server_cursor > ? ORDER BY server_cursor LIMIT ?`,
      userId,
      vaultId,
      from,
      PACK_MAX_ITEMS,
    ),
  ])) as [ItemRow[], UpdateRow[], FeedSnapshotRow[]];
  const all: FeedSlot[] = [
    ...records.map((r) => ({
      cursor: r.server_cursor as number,
      at: r.committed_at_ms ?? r.updated_at,
      record: r,
    })),
    ...updates.map((u) => ({ cursor: u.server_cursor, at: u.created_at, update: u })),
    ...snapshots.map((s) => ({ cursor: s.server_cursor, at: s.created_at, snapshot: s })),
  ].sort((a, b) => a.cursor - b.cursor);
  const window: FeedSlot[] = [];
  let projected = 0;
  let full = false;
  for (const slot of all) {
    if (window.length >= PACK_MAX_ITEMS) {
      full = true;
      break;
    }
    // unsettled: its batch's timestamp was taken before it committed (build.ts, PACK_SETTLE_MS)
    if (slot.at > settledBefore) break;
    const bytes = bytesOf(slot);
    if (window.length > 0 && projected + bytes > PACK_TARGET_BYTES) {
      full = true;
      break;
    }
    projected += bytes;
    window.push(slot);
  }
  if (window.length >= PACK_MAX_ITEMS) full = true;
  // Only a full window is packed: a records pack is never rebuilt, so packs of a few entries
  // (one per push) would pile up in the listing; the tail of fewer than 256 entries is read from
  // the feed (at most 3 pages), as everything above the packs is.
  if (!full) return { built: false, scanned: 0, more: false };

  const wanted = window.flatMap((s) =>
    'record' in s && s.record.blob_key !== null && s.record.size_bytes <= MAX_PACKED_ITEM_BYTES
      ? [s.record.blob_key]
      : [],
  );
  const objects = wanted.length > 0 ? await deps.blobs.getMany(wanted) : [];
  const byKey = new Map(wanted.map((k, i) => [k, objects[i] ?? null]));
  const entries: MpakEntryInput[] = [];
  for (const slot of window) entries.push(await entryOf(slot, byKey));
  const first = window[0] as FeedSlot;
  const last = window[window.length - 1] as FeedSlot;
  const pack = {
    bytes: encodeMpakBytes(entries),
    entryCount: entries.length,
    min: { sortValue: first.cursor, tiebreak: '' },
    max: { sortValue: last.cursor, tiebreak: '' },
    fromCursor: from,
  };
  const built = await commitPack(deps, { userId, vaultId, kind }, pack, {
    sortValue: last.cursor,
    tiebreak: '',
  });
  return { built, scanned: window.length, more: full };
}

/** The bytes a slot adds to the pack (a reference adds none). */
function bytesOf(slot: FeedSlot): number {
  if ('record' in slot)
    return slot.record.blob_key !== null && slot.record.size_bytes <= MAX_PACKED_ITEM_BYTES
      ? slot.record.size_bytes
      : 0;
  if ('update' in slot) return slot.update.data ? slot.update.size_bytes : 0;
  return 0;
}

async function entryOf(slot: FeedSlot, objects: Map<string, Uint8Array | null>): Promise<MpakEntryInput> {
  const sortKey = BigInt(slot.cursor);
  if ('update' in slot) {
    const u = slot.update;
    return {
      kind: MPAK_KIND.crdt_update,
      id: u.note_id,
      key: '',
      sortKey,
      meta: JSON.stringify({ sequenceNum: u.sequence_num, sizeBytes: u.size_bytes }),
      bytes: u.data ?? EMPTY,
    };
  }
  if ('snapshot' in slot) {
    const s = slot.snapshot;
    const revision = s.revision ?? (await snapshotRevision(s.note_id, s.created_at, s.size_bytes));
    return {
      kind: MPAK_KIND.crdt_snapshot,
      id: s.note_id,
      key: '',
      sortKey,
      meta: JSON.stringify({ sequenceNum: s.sequence_num, revision }),
      bytes: EMPTY,
    };
  }
  const r = slot.record;
  const ref: MpakEntryInput = {
    kind: MPAK_KIND.record,
    id: `${r.type}:${r.id}`,
    key: r.blob_key ?? '',
    sortKey,
    meta: JSON.stringify({ type: r.type, id: r.id, ref: true } satisfies PackRecordMeta),
    bytes: EMPTY,
  };
  const bytes = r.blob_key !== null ? (objects.get(r.blob_key) ?? null) : null;
  if (isHole(r.size_bytes, bytes)) return ref;
  const meta: PackRecordMeta = {
    type: r.type,
    id: r.id,
    deviceId: r.device_id,
    vectorClock: parseClock(r.vector_clock),
    deletedAt: r.deleted_at,
    contentHash: r.content_hash,
    sizeBytes: r.size_bytes,
    cryptoVersion: r.crypto_version,
    signature: r.signature,
    deleteAttestation: r.delete_attestation,
    committedAtMs: r.committed_at_ms,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    platform: r.platform,
    version: r.version,
  };
  const entry = { ...ref, meta: JSON.stringify(meta), bytes: bytes as Uint8Array };
  // metadata an index record cannot hold (a clock of very many devices): the row by id instead
  return recordSize(entry) > PACK_MAX_INDEX_ENTRY_BYTES ? ref : entry;
}
