import {
  ATTACHMENT_CHUNK_MAX_BYTES,
  ATTACHMENT_CHUNK_PLAINTEXT_BYTES,
  ATTACHMENT_MANIFEST_TYPE,
  type ChunkUploadResponse,
} from '../../../src/sync/protocol/attachments';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import type { Timing } from '../http/timing';
import type { Entitlement } from '../plans/entitlement';
import { isQuotaGuardFailure, quotaGuardStatement } from '../plans/quota-guard';
import { sql } from '../ports/sql';
import { chunkKey } from './chunk-rows';

/** Sealing bytes a chunk may add to its plaintext (the contract's room above a full chunk). */
const SEAL_ALLOWANCE = ATTACHMENT_CHUNK_MAX_BYTES - ATTACHMENT_CHUNK_PLAINTEXT_BYTES;

/**
 * Ciphertext bytes one file may store under a plan whose file limit is `fileBytes`: the limit plus
 * each of its chunks' sealing allowance (a file exactly at the limit still fits once sealed).
 */
export const storedFileLimit = (fileBytes: number) =>
  fileBytes + Math.max(1, Math.ceil(fileBytes / ATTACHMENT_CHUNK_PLAINTEXT_BYTES)) * SEAL_ALLOWANCE;

export interface ChunkScope {
  userId: string;
  vaultId: string;
  entitlement: Entitlement;
  timing: Timing;
}

export interface ChunkUpload {
  hash: string;
  attachmentId: string;
  /** the file's plaintext size as declared in X-Svc-File-Size */
  fileSize: number;
}

/** STORAGE_FILE_TOO_LARGE from the declared size, before the body is read (issue 15 part 3). */
export function declaredSizeRefusal(scope: ChunkScope, fileSize: number): Result<never> | null {
  const limit = scope.entitlement.limits.fileBytes;
  if (fileSize <= limit) return null;
  return fail('STORAGE_FILE_TOO_LARGE', `a file may be at most ${limit} bytes on this plan`, {
    limitBytes: limit,
  });
}

/**
 * The bytes of the file version being uploaded: its chunks stored since its manifest record was
 * last committed (server time). A new version of a file keeps its id, and its chunks all reach
 * the service before its manifest does, so the chunks of earlier versions (stored before that
 * commit) do not count toward this one's limit. Binds user, vault, id three times over.
 */
const VERSION_BYTES_SQL = `COALESCE((SELECT SUM(c.size_bytes) FROM attachment_chunks c
   WHERE c.user_id = ? AND c.vault_id = ? AND c.attachment_id = ?
     AND c.created_at >= COALESCE((SELECT i.updated_at FROM sync_items i
       WHERE i.user_id = ? AND i.vault_id = ? AND i.type = '${ATTACHMENT_MANIFEST_TYPE}' AND i.id = ?), 0)), 0)`;
const versionParams = (userId: string, vaultId: string, id: string) => [
  userId,
  vaultId,
  id,
  userId,
  vaultId,
  id,
];

const hex = (buf: ArrayBuffer) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Stores one chunk of a vault, once (docs/protocol.md, "Attachments"). In order: the body's SHA-256
 * must be the hash; a chunk the vault holds already answers `stored: false` and spends nothing; the
 * file version's stored chunk bytes (VERSION_BYTES_SQL) plus this one must stay within the plan's file limit (with the sealing
 * allowance) and the account's usage plus this chunk within its quota, both checked before the
 * object is written and again inside the D1 batch that records it (the INSERT's own condition and
 * the quota guard), so concurrent uploads cannot both pass. A refused batch deletes the object.
 */
export async function storeChunk(
  deps: Deps,
  scope: ChunkScope,
  upload: ChunkUpload,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Result<ChunkUploadResponse>> {
  const { userId, vaultId } = scope;
  const { timing } = scope;
  const digest = await timing.measure('hash', () => crypto.subtle.digest('SHA-256', bytes));
  if (hex(digest) !== upload.hash) {
    return fail('VALIDATION_ERROR', "the body's SHA-256 is not the hash in the path");
  }
  const size = bytes.byteLength;
  const fileLimit = storedFileLimit(scope.entitlement.limits.fileBytes);
  const quota = scope.entitlement.limits.storageBytes;
  const [existing, fileRows, usageRows] = await timing.measure('d1', () =>
    deps.sql.batch([
      sql(
        'SELECT size_bytes FROM attachment_chunks WHERE user_id = ? AND vault_id = ? AND hash = ?',
        userId,
        vaultId,
        upload.hash,
      ),
      sql(`SELECT ${VERSION_BYTES_SQL} AS bytes`, ...versionParams(userId, vaultId, upload.attachmentId)),
      sql('SELECT bytes FROM account_usage WHERE user_id = ?', userId),
    ]),
  );
  const held = existing?.[0] as { size_bytes: number } | undefined;
  if (held) return ok({ hash: upload.hash, size: held.size_bytes, stored: false });
  const fileBytes = (fileRows?.[0] as { bytes: number } | undefined)?.bytes ?? 0;
  if (fileBytes + size > fileLimit) return fileTooLarge(scope);
  const usage = (usageRows?.[0] as { bytes: number } | undefined)?.bytes ?? 0;
  if (usage + size > quota) return quotaExceeded(quota);

  const key = chunkKey(userId, vaultId, upload.hash);
  await timing.measure('blobs', () => deps.objects.put(key, bytes));
  let inserted: boolean;
  try {
    const [rows] = await timing.measure('d1', () =>
      deps.sql.batch([
        // inserts only while the file's chunks stay within the limit (a racing chunk is counted)
        sql(
          `INSERT OR IGNORE INTO attachment_chunks (user_id, vault_id, hash, attachment_id, size_bytes, r2_key, created_at)
         SELECT ?, ?, ?, ?, ?, ?, ?
         WHERE ${VERSION_BYTES_SQL} + ? <= ?
         RETURNING hash`,
          userId,
          vaultId,
          upload.hash,
          upload.attachmentId,
          size,
          key,
          deps.clock.nowMs(),
          ...versionParams(userId, vaultId, upload.attachmentId),
          size,
          fileLimit,
        ),
        quotaGuardStatement(userId, quota),
      ]),
    );
    inserted = (rows?.length ?? 0) > 0;
  } catch (err) {
    if (!isQuotaGuardFailure(err)) throw err;
    await deleteUnrecorded(deps, userId, vaultId, upload.hash, key);
    return quotaExceeded(quota);
  }
  if (inserted) return ok({ hash: upload.hash, size, stored: true });
  // nothing inserted: a racing upload of the same chunk recorded it, or the file grew past its limit
  const now = await deps.sql.first<{ size_bytes: number }>(
    sql(
      'SELECT size_bytes FROM attachment_chunks WHERE user_id = ? AND vault_id = ? AND hash = ?',
      userId,
      vaultId,
      upload.hash,
    ),
  );
  if (now) return ok({ hash: upload.hash, size: now.size_bytes, stored: false });
  await deleteUnrecorded(deps, userId, vaultId, upload.hash, key);
  return fileTooLarge(scope);
}

function fileTooLarge(scope: ChunkScope): Result<never> {
  const limit = scope.entitlement.limits.fileBytes;
  return fail('STORAGE_FILE_TOO_LARGE', `a file may be at most ${limit} bytes on this plan`, {
    limitBytes: limit,
  });
}

function quotaExceeded(quota: number): Result<never> {
  return fail('STORAGE_QUOTA_EXCEEDED', 'this chunk would take the account past its storage quota', {
    limitBytes: quota,
  });
}

/** Deletes an object written for a chunk whose row was refused, unless a row now records it. */
async function deleteUnrecorded(deps: Deps, userId: string, vaultId: string, hash: string, key: string) {
  const row = await deps.sql.first(
    sql(
      'SELECT 1 AS held FROM attachment_chunks WHERE user_id = ? AND vault_id = ? AND hash = ?',
      userId,
      vaultId,
      hash,
    ),
  );
  if (row) return;
  try {
    await deps.objects.delete([key]);
  } catch (err) {
    deps.log('chunk_delete_failed', { error: err instanceof Error ? err.name : 'unknown' });
  }
}
