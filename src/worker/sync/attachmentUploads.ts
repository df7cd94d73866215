import type { VaultKeyring } from '../../sync/crypto/keys';
import { transientDelay } from '../../sync/engine/attachments/retryRules';
import { uploadFile } from '../../sync/engine/attachments/uploadFile';
import type { SyncCall } from '../../sync/engine/http/syncHttp';
import { clockKey } from '../../sync/engine/queue/queueKeys';
import { ATTACHMENT_CHUNK_PLAINTEXT_BYTES } from '../../sync/protocol/attachments';
import type { VaultDb } from '../db/schema';
import { ATTACHMENT_FOLDER_PREFIX, FILE_TYPES } from './attachmentFiles';
import type { AttachmentUploadRow } from './attachmentTables';

export interface UploadRunDeps {
  db: VaultDb;
  call: SyncCall;
  keyring: VaultKeyring;
  /** the service device id: the manifest's uploader ("waiting for <device> to upload it") */
  deviceId: string;
  now: () => number;
  stopped: () => boolean;
  onProgress: (fileId: string, done: number, total: number) => void;
}

/**
 * Queues an upload for every file whose bytes are on this device and that has neither a
 * manifest nor a queue row (a file just filed or attached, or one from before file sync), and
 * retires the manifest of a file whose note was deleted (its tombstone releases the chunks).
 * Keys only are read; no file's bytes.
 */
export async function queueUploads(db: VaultDb, now: number): Promise<number> {
  return db.transaction(
    'rw',
    [db.notes, db.blobs, db.attachmentManifests, db.attachmentUploadQueue, db.syncClocks],
    async () => {
      const files = await db.notes.where('fileType').anyOf(FILE_TYPES).toArray();
      const withBytes = new Set((await db.blobs.toCollection().primaryKeys()) as string[]);
      const manifests = new Set((await db.attachmentManifests.toCollection().primaryKeys()) as string[]);
      const queued = new Set((await db.attachmentUploadQueue.toCollection().primaryKeys()) as string[]);
      const fresh: AttachmentUploadRow[] = [];
      for (const f of files) {
        if (f.localOnly || !withBytes.has(f.id) || manifests.has(f.id) || queued.has(f.id)) continue;
        const noteId = f.folderPath.startsWith(ATTACHMENT_FOLDER_PREFIX)
          ? f.folderPath.slice(ATTACHMENT_FOLDER_PREFIX.length)
          : null;
        fresh.push({
          fileId: f.id,
          noteId,
          enqueuedAt: now,
          header: null,
          uploaded: [],
          attempts: 0,
          notBefore: 0,
          lastError: null,
        });
      }
      if (fresh.length > 0) await db.attachmentUploadQueue.bulkAdd(fresh);
      // a deleted file: its manifest goes too (a tombstone is pushed), and any upload of it
      const live = new Set(files.map((f) => f.id));
      const gone = [...manifests, ...queued].filter((id) => !live.has(id));
      if (gone.length > 0) {
        const clocks = await db.syncClocks.bulkGet(gone.map((id) => clockKey('note', id)));
        const deleted = gone.filter((_, i) => clocks[i]?.deletedAt != null);
        await db.attachmentManifests.bulkDelete(deleted.filter((id) => manifests.has(id)));
        await db.attachmentUploadQueue.bulkDelete(deleted.filter((id) => queued.has(id)));
      }
      return fresh.length;
    },
  );
}

/**
 * Uploads the due queue rows one file at a time. A file done becomes its manifest record in the
 * transaction that drops its queue row (the outbox queues the manifest in that same transaction).
 * Answers how many went up, and the failure that ended the run early (offline, signed out).
 */
export async function runUploads(
  deps: UploadRunDeps,
): Promise<{ uploaded: number; error: { code: string; message: string } | null }> {
  const { db } = deps;
  let uploaded = 0;
  const rows = await db.attachmentUploadQueue.orderBy('fileId').toArray();
  for (const row of rows.sort((a, b) => a.enqueuedAt - b.enqueuedAt)) {
    if (deps.stopped()) return { uploaded, error: null };
    if (row.notBefore > deps.now()) continue;
    const note = await db.notes.get(row.fileId);
    const blob = (await db.blobs.get(row.fileId))?.blob;
    if (!note || !blob) {
      await db.attachmentUploadQueue.delete(row.fileId);
      continue;
    }
    const done = await uploadFile(
      {
        call: deps.call,
        keyring: deps.keyring,
        chunkBytes: ATTACHMENT_CHUNK_PLAINTEXT_BYTES,
        stopped: deps.stopped,
        onProgress: (d, t) => deps.onProgress(row.fileId, d, t),
        save: async (p) => {
          await db.attachmentUploadQueue.update(row.fileId, { header: p.header, uploaded: p.uploaded });
        },
      },
      row.fileId,
      blob,
      { header: row.header, uploaded: row.uploaded },
    );
    if (!done.ok) {
      if (done.error.code === 'UPLOAD_STOPPED') return { uploaded, error: null };
      const attempts = row.attempts + 1;
      await db.attachmentUploadQueue.update(row.fileId, {
        attempts,
        notBefore: deps.now() + transientDelay(attempts),
        lastError: { code: done.error.code, message: done.error.message },
      });
      if (done.error.status === 0 || done.error.status === 401) return { uploaded, error: done.error };
      continue;
    }
    const t = deps.now();
    await db.transaction('rw', [db.attachmentManifests, db.attachmentUploadQueue], async () => {
      const old = await db.attachmentManifests.get(row.fileId);
      await db.attachmentManifests.put({
        fileId: row.fileId,
        path: note.folderPath ? `${note.folderPath}/${note.title}` : note.title,
        mediaType: note.mime ?? blob.type ?? '',
        size: blob.size,
        contentHash: done.value.contentHash,
        chunkPlaintextBytes: ATTACHMENT_CHUNK_PLAINTEXT_BYTES,
        chunks: done.value.chunks,
        encryptedKey: done.value.header.encryptedKey,
        keyNonce: done.value.header.keyNonce,
        noteId: row.noteId,
        uploaderDeviceId: deps.deviceId,
        createdAt: old?.createdAt ?? t,
        modifiedAt: t,
        // the stored clock: the outbox ticks it under this install (recordMutation.ts)
        clock: old?.clock ?? {},
      });
      await db.attachmentUploadQueue.delete(row.fileId);
    });
    uploaded++;
  }
  return { uploaded, error: null };
}
