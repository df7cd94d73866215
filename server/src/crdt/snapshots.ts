import { fromBase64, toBase64 } from '../../../src/sync/crypto/bytes';
import type { CrdtSnapshotResponse, SnapshotMeta } from '../../../src/sync/protocol/crdt';
import { CRDT_SNAPSHOT_MAX_BYTES, TYPE_FILTER_MAX_PARAMETERS } from '../../../src/sync/protocol/limits';
import { inlineBytesOf } from '../adapters/inline-blobs';
import type { Deps } from '../deps';
import { chunk } from '../domain/chunk';
import type { Timing } from '../http/timing';
import { type Statement, sql } from '../ports/sql';
import { randomRevision, snapshotRevision } from './revision';
import type { NoteScope } from './updates';

interface SnapshotRow {
  note_id: string;
  sequence_num: number;
  revision: string | null;
  blob_key: string;
  size_bytes: number;
  signer_device_id: string;
  signature: string;
  created_at: number;
}

export interface PreparedSnapshot {
  noteId: string;
  bytes: Uint8Array;
  signature: string;
  coversThrough: number | undefined;
}

/** Validates one snapshot on its own: a reason string when it cannot be stored. */
export function checkSnapshot(s: { snapshot: string; signature: string }): string | null {
  const bytes = fromBase64(s.snapshot);
  if (!bytes || bytes.length === 0) return 'snapshot must be non-empty base64';
  if (bytes.length > CRDT_SNAPSHOT_MAX_BYTES) return 'snapshot over 5 MB';
  if (fromBase64(s.signature)?.length !== 64) return 'signature must be 64 bytes';
  return null;
}

/** Current snapshot rows and watermarks (highest sequence) of notes, split below 100 parameters. */
export async function readNoteStates(
  deps: Deps,
  scope: { userId: string; vaultId: string },
  noteIds: readonly string[],
): Promise<Map<string, { snapshot: SnapshotRow | null; watermark: number }>> {
  const out = new Map<string, { snapshot: SnapshotRow | null; watermark: number }>();
  for (const id of noteIds) out.set(id, { snapshot: null, watermark: 0 });
  for (const part of chunk([...new Set(noteIds)], TYPE_FILTER_MAX_PARAMETERS)) {
    const marks = part.map(() => '?').join(', ');
    const [snaps, seqs] = await Promise.all([
      deps.sql.all<SnapshotRow>(
        sql(
          `SELECT note_id, sequence_num, revision, blob_key, size_bytes, signer_device_id, signature, created_at FROM crdt_snapshots
           WHERE user_id = ? AND vault_id = ? AND note_id IN (${marks})`,
          scope.userId,
          scope.vaultId,
          ...part,
        ),
      ),
      deps.sql.all<{ note_id: string; value: number }>(
        sql(
          `SELECT note_id, value FROM crdt_sequences WHERE user_id = ? AND vault_id = ? AND note_id IN (${marks})`,
          scope.userId,
          scope.vaultId,
          ...part,
        ),
      ),
    ]);
    for (const s of snaps) (out.get(s.note_id) as { snapshot: SnapshotRow | null }).snapshot = s;
    for (const q of seqs) (out.get(q.note_id) as { watermark: number }).watermark = q.value;
  }
  return out;
}

export async function metaOf(row: SnapshotRow): Promise<SnapshotMeta> {
  return {
    sequenceNum: row.sequence_num,
    revision: row.revision ?? (await snapshotRevision(row.note_id, row.created_at, row.size_bytes)),
    signerDeviceId: row.signer_device_id,
  };
}

export function snapshotBlobKey(userId: string, vaultId: string, noteId: string, revision: string): string {
  return `${userId}/vaults/${vaultId}/crdt-snapshots/${encodeURIComponent(noteId)}/${revision}`;
}

/**
 * The statements that store one snapshot and prune what it covers: take a cursor, write the
 * snapshot row (sequence number = `coversThrough`, else the note's watermark: a replacement with
 * no new updates keeps it; a fresh random revision every time), delete updates at or below it.
 * `guard` makes the write conditional inside the same batch (the `expectedRevision` precondition):
 * a blob key = replace only the row still holding that blob (every write has its own key, so this
 * is the revision read before); null = only insert when the note has no snapshot. When the guard
 * fails the write returns no row and the prune deletes nothing: it only runs when the row now
 * holds THIS write's revision. Undefined = unconditional upsert (the original behaviour).
 */
export function snapshotStatements(
  scope: NoteScope,
  p: PreparedSnapshot,
  sequenceNum: number,
  revision: string,
  blobKey: string,
  nowMs: number,
  guard?: string | null,
): Statement[] {
  const cursor = sql(
    'INSERT INTO account_cursors (user_id, value) VALUES (?, 1) ON CONFLICT (user_id) DO UPDATE SET value = value + 1',
    scope.userId,
  );
  const prune = sql(
    `DELETE FROM crdt_updates WHERE user_id = ? AND vault_id = ? AND note_id = ? AND sequence_num <= ?
       AND EXISTS (SELECT 1 FROM crdt_snapshots WHERE user_id = ? AND vault_id = ? AND note_id = ? AND revision = ?)`,
    scope.userId,
    scope.vaultId,
    p.noteId,
    sequenceNum,
    scope.userId,
    scope.vaultId,
    p.noteId,
    revision,
  );
  if (typeof guard === 'string') {
    const update = sql(
      `UPDATE crdt_snapshots SET sequence_num = ?, revision = ?, blob_key = ?, size_bytes = ?, signer_device_id = ?,
         signature = ?, server_cursor = (SELECT value FROM account_cursors WHERE user_id = ?), created_at = ?,
         platform = ?, version = ?
       WHERE user_id = ? AND vault_id = ? AND note_id = ? AND blob_key = ?
       RETURNING server_cursor`,
      sequenceNum,
      revision,
      blobKey,
      p.bytes.length,
      scope.deviceId,
      p.signature,
      scope.userId,
      nowMs,
      scope.platform,
      scope.version,
      scope.userId,
      scope.vaultId,
      p.noteId,
      guard,
    );
    return [cursor, update, prune];
  }
  const onConflict =
    guard === null
      ? 'DO NOTHING'
      : `DO UPDATE SET sequence_num = excluded.sequence_num,
         revision = excluded.revision, blob_key = excluded.blob_key, size_bytes = excluded.size_bytes,
         signer_device_id = excluded.signer_device_id, signature = excluded.signature,
         server_cursor = excluded.server_cursor, created_at = excluded.created_at, platform = excluded.platform,
         version = excluded.version`;
  const insert = sql(
    `INSERT INTO crdt_snapshots (user_id, vault_id, note_id, sequence_num, revision, blob_key, size_bytes, signer_device_id,
       signature, server_cursor, created_at, platform, version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT value FROM account_cursors WHERE user_id = ?), ?, ?, ?)
     ON CONFLICT (user_id, vault_id, note_id) ${onConflict}
     RETURNING server_cursor`,
    scope.userId,
    scope.vaultId,
    p.noteId,
    sequenceNum,
    revision,
    blobKey,
    p.bytes.length,
    scope.deviceId,
    p.signature,
    scope.userId,
    nowMs,
    scope.platform,
    scope.version,
  );
  return [cursor, insert, prune];
}

export { randomRevision };

export type SnapshotReadRow = SnapshotRow & { inline_bytes: Uint8Array | null };

/**
 * The read of `GET /sync/crdt/snapshot/:noteId`: the note's snapshot row with its object's bytes
 * when they are inline in D1 (one statement, so the route sends it in the rate limiter's batch:
 * docs/protocol.md, "Where a request's time goes"). No row: the note has no snapshot.
 */
export function snapshotReadStatement(scope: { userId: string; vaultId: string }, noteId: string): Statement {
  return sql(
    `SELECT s.note_id, s.sequence_num, s.revision, s.blob_key, s.size_bytes, s.signer_device_id, s.signature,
       s.created_at, ${inlineBytesOf('s.blob_key')} AS inline_bytes
     FROM crdt_snapshots s WHERE s.user_id = ? AND s.vault_id = ? AND s.note_id = ?`,
    scope.userId,
    scope.vaultId,
    noteId,
  );
}

/**
 * The response from the row `snapshotReadStatement` read; `snapshot` is null when the row exists
 * but its object is gone. An object not inline (over the inline cap, or written before inline
 * objects existed) is read from the blob store.
 */
export async function snapshotResponse(
  deps: Deps,
  row: SnapshotReadRow | undefined,
  timing: Timing,
): Promise<CrdtSnapshotResponse> {
  if (!row) return { snapshot: null, sequenceNum: 0, signerDeviceId: null, revision: null, signature: null };
  const bytes = row.inline_bytes ?? (await timing.measure('blobs', () => deps.blobs.get(row.blob_key)));
  const meta = await metaOf(row);
  return { snapshot: bytes ? toBase64(bytes) : null, ...meta, signature: bytes ? row.signature : null };
}
