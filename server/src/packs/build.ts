import { PACK_MAX_INDEX_ENTRY_BYTES, PACK_MAX_ITEMS } from '../../../src/sync/protocol/limits';
import { MPAK_KIND, PACK_INDEX_RECORD_FIXED_BYTES } from '../../../src/sync/protocol/mpakFormat';
import { encodeMpakBytes, type MpakEntryInput } from '../../../src/sync/protocol/mpakWriter';
import { PACK_KIND_CRDT_SNAPSHOT, type PackSnapshotMeta } from '../../../src/sync/protocol/packs';
import { snapshotRevision } from '../crdt/revision';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';
import { commitPack, type PackWatermark, readWatermark } from './commit';
import { isHole, type PackCandidate, selectWindow } from './select';

/**
 * A snapshot row is packed only once it is this old: its `created_at` is taken before its D1
 * batch commits, so a row still in flight could otherwise land below a watermark that already
 * moved past its (second, note id) and never be packed. Messages are delivered this late too.
 */
export const PACK_SETTLE_MS = 3000;

interface CandidateRow {
  note_id: string;
  blob_key: string;
  size_bytes: number;
  sequence_num: number;
  revision: string | null;
  signature: string;
  created_at: number;
  sort_value: number;
  note_rows: number;
  live_rows: number;
}

type Candidate = PackCandidate & { raw: CandidateRow };

export interface BuildOutcome {
  /** a pack object was written and listed */
  built: boolean;
  /** rows the window scanned (the watermark moved past them) */
  scanned: number;
  /** the window stopped at a limit: call again for the rest */
  more: boolean;
}

const utf8 = new TextEncoder();

/**
 * Builds the next `crdt_snapshot` pack of one vault (spec 3.6): the window above the watermark,
 * the objects of its rows read in one pass, holes dropped, then object put, pack_index row,
 * watermark. A window of holes and skips only moves the watermark.
 */
export async function buildNextPack(deps: Deps, userId: string, vaultId: string): Promise<BuildOutcome> {
  const kind = PACK_KIND_CRDT_SNAPSHOT;
  const mark = await readWatermark(deps.sql, userId, vaultId, kind);
  const settledBefore = deps.clock.nowMs() - PACK_SETTLE_MS;
  const rows = await deps.sql.all<CandidateRow>(
    sql(
      `SELECT s.note_id, s.blob_key, s.size_bytes, s.sequence_num, s.revision, s.signature, s.created_at,
         s.created_at / 1000 AS sort_value,
         (SELECT COUNT(*) FROM sync_items i WHERE i.user_id = s.user_id AND i.vault_id = s.vault_id
            AND i.type IN ('note', 'journal') AND i.id = s.note_id) AS note_rows,
         (SELECT COUNT(*) FROM sync_items i WHERE i.user_id = s.user_id AND i.vault_id = s.vault_id
            AND i.type IN ('note', 'journal') AND i.id = s.note_id AND i.deleted_at IS NULL) AS live_rows
       FROM crdt_snapshots s
       WHERE s.user_id = ? AND s.vault_id = ? AND s.created_at <= ?
         AND (s.created_at / 1000 > ? OR (s.created_at / 1000 = ? AND s.note_id > ?))
       ORDER BY s.created_at / 1000, s.note_id
       LIMIT ?`,
      userId,
      vaultId,
      settledBefore,
      mark.sortValue,
      mark.sortValue,
      mark.tiebreak,
      PACK_MAX_ITEMS,
    ),
  );
  if (rows.length === 0) return { built: false, scanned: 0, more: false };
  const window = selectWindow<Candidate>(
    rows.map((raw) => ({
      noteId: raw.note_id,
      sortValue: raw.sort_value,
      sizeBytes: raw.size_bytes,
      // a note id with any live row, or with no row yet, still packs (spec 3.6)
      tombstonedOnly: raw.note_rows > 0 && raw.live_rows === 0,
      raw,
    })),
  );
  const wanted = window.slots.filter((s) => s.verdict === 'pack').map((s) => s.row.raw);
  const objects = wanted.length > 0 ? await deps.blobs.getMany(wanted.map((r) => r.blob_key)) : [];
  const entries: MpakEntryInput[] = [];
  for (const [i, row] of wanted.entries()) {
    const bytes = objects[i] ?? null;
    if (isHole(row.size_bytes, bytes)) continue;
    const meta: PackSnapshotMeta = {
      sequenceNum: row.sequence_num,
      revision: row.revision ?? (await snapshotRevision(row.note_id, row.created_at, row.size_bytes)),
      signature: row.signature,
    };
    const entry: MpakEntryInput = {
      kind: MPAK_KIND.crdt_snapshot,
      id: row.note_id,
      key: row.blob_key,
      sortKey: BigInt(row.sort_value),
      meta: JSON.stringify(meta),
      bytes: bytes as Uint8Array,
    };
    // an index record the codec cannot hold (a very long id or key) is a hole too
    if (recordSize(entry) > PACK_MAX_INDEX_ENTRY_BYTES) continue;
    entries.push(entry);
  }
  const last = window.slots[window.slots.length - 1]?.row as Candidate;
  const next: PackWatermark = { sortValue: last.sortValue, tiebreak: last.noteId };
  const pack =
    entries.length === 0
      ? null
      : {
          bytes: encodeMpakBytes(entries),
          entryCount: entries.length,
          min: { sortValue: Number(entries[0]?.sortKey), tiebreak: entries[0]?.id as string },
          max: {
            sortValue: Number(entries[entries.length - 1]?.sortKey),
            tiebreak: entries[entries.length - 1]?.id as string,
          },
        };
  const built = await commitPack(deps, { userId, vaultId, kind }, pack, next);
  return { built, scanned: window.slots.length, more: window.full };
}

export function recordSize(e: MpakEntryInput): number {
  return (
    PACK_INDEX_RECORD_FIXED_BYTES +
    utf8.encode(e.id).length +
    utf8.encode(e.key).length +
    utf8.encode(e.meta).length
  );
}
