import type { EntityTable } from 'dexie';
import type { AttachmentManifestPayload } from '../../sync/protocol/attachments';

/**
 * File sync's tables (schema v22; docs/sync-client.md "Files"). Names follow spec 2.12.
 *
 * - `attachmentManifests`: one synced `attachment_manifest` record per file whose bytes are on the
 *   service (the row IS the decrypted payload; its clock is on the row). Written by the uploading
 *   device after its last chunk was stored, in a transaction the outbox widens, so the manifest
 *   is pushed like any record; applied from pulls on every other device.
 * - `attachmentUploadQueue` (`attachment_upload_queue`): a file whose chunks are going up. It
 *   keeps the sealed file key and the hashes of the chunks already stored, so an interrupted
 *   upload (a reload, a closed tab, a sign-out) resumes at the first missing chunk.
 * - `attachmentDownloadFailures` (`attachment_download_failures`): a file whose download failed,
 *   with when to try again (spec 3.8).
 */
export type AttachmentManifestRow = AttachmentManifestPayload;

export interface AttachmentUploadRow {
  fileId: string;
  /** the note that embeds it (a note attachment), for the reference-pruning rule of spec 3.8 */
  noteId: string | null;
  enqueuedAt: number;
  /** the sealed file key, once the first chunk was sealed */
  header: { encryptedKey: string; keyNonce: string } | null;
  /** ciphertext hashes of the chunks the service stored, in order */
  uploaded: string[];
  attempts: number;
  /** epoch ms before which no attempt is made (backoff after a failure) */
  notBefore: number;
  lastError: { code: string; message: string } | null;
}

export type DownloadFailureKind = 'transient' | 'missing';

export interface AttachmentDownloadFailureRow {
  fileId: string;
  /** `transient`: 5xx, network, decrypt or digest failure; `missing`: 404/410 (chunks not on the service) */
  kind: DownloadFailureKind;
  attempts: number;
  /** epoch ms of the next automatic attempt; null: never again automatically */
  retryAt: number | null;
  error: { code: string; message: string };
  failedAt: number;
}

export interface AttachmentTables {
  attachmentManifests: EntityTable<AttachmentManifestRow, 'fileId'>;
  attachmentUploadQueue: EntityTable<AttachmentUploadRow, 'fileId'>;
  attachmentDownloadFailures: EntityTable<AttachmentDownloadFailureRow, 'fileId'>;
}

/** Schema v22. */
export const ATTACHMENT_TABLES_V22: Record<string, string> = {
  attachmentManifests: 'fileId',
  attachmentUploadQueue: 'fileId, noteId',
  attachmentDownloadFailures: 'fileId',
};
