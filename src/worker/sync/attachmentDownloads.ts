import type { VaultKeyring } from '../../sync/crypto/keys';
import { downloadFile } from '../../sync/engine/attachments/downloadFile';
import { chunkTotal } from '../../sync/engine/attachments/fileChunks';
import { due, exhausted, nextFailure } from '../../sync/engine/attachments/retryRules';
import type { SyncCall } from '../../sync/engine/http/syncHttp';
import { ATTACHMENT_SWEEP_CHUNKS_PER_TICK } from '../../sync/protocol/attachments';
import type { VaultDb } from '../db/schema';
import type { AttachmentManifestRow } from './attachmentTables';

/** `all`: every file in the background; `on_open`: a file when it is opened; `never`: none automatically. */
export type FileDownloadMode = 'all' | 'on_open' | 'never';

/** The stored `sync.syncAttachments`: the mode, or the boolean of builds before it (true = all). */
export function downloadModeOf(stored: unknown): FileDownloadMode {
  if (stored === 'all' || stored === 'on_open' || stored === 'never') return stored;
  return stored === false ? 'never' : 'all';
}

export interface DownloadRunDeps {
  db: VaultDb;
  call: SyncCall;
  fetch: typeof fetch;
  keyring: VaultKeyring;
  now: () => number;
  stopped: () => boolean;
  mode: FileDownloadMode;
  /** files asked for (opened): first, whatever the mode but `never` asks for nothing by itself */
  wanted: ReadonlySet<string>;
  onProgress: (fileId: string, done: number, total: number) => void;
  /** the bytes of these files arrived (committed) */
  arrived: (fileIds: string[]) => void;
}

/** Manifests whose bytes this device lacks and may fetch now (mode, failures), wanted ones first. */
export async function downloadCandidates(
  db: VaultDb,
  mode: FileDownloadMode,
  wanted: ReadonlySet<string>,
  now: number,
): Promise<{ due: AttachmentManifestRow[]; waiting: string[] }> {
  const ids = (await db.attachmentManifests.toCollection().primaryKeys()) as string[];
  const present = new Set((await db.blobs.where(':id').anyOf(ids).primaryKeys()) as string[]);
  const lacking = ids.filter((id) => !present.has(id) && (mode === 'all' || wanted.has(id)));
  const failures = new Map(
    (await db.attachmentDownloadFailures.bulkGet(lacking)).flatMap((f) => (f ? [[f.fileId, f]] : [])),
  );
  const dueIds = lacking.filter((id) => wanted.has(id) || due(failures.get(id), now));
  dueIds.sort((a, b) => Number(wanted.has(b)) - Number(wanted.has(a)));
  const rows = (await db.attachmentManifests.bulkGet(dueIds)).filter((r) => r !== undefined);
  return { due: rows, waiting: lacking };
}

/**
 * One tick of the chunk sweep (spec 8.2: 300 chunks a tick; URLs in batches of 90 ids): downloads
 * files in order until the tick's chunk budget is spent (a file is begun only if it fits, but the
 * first always is). A file's bytes are stored in the transaction that clears its failure and its
 * stale extraction row (its text is extracted again from the bytes that arrived); a failure is
 * recorded by the rules of retryRules.ts, and a 404 given up on prunes the note's reference
 * unless an upload for that note is pending on this device.
 */
export async function runDownloads(deps: DownloadRunDeps): Promise<void> {
  const { db } = deps;
  const { due: todo } = await downloadCandidates(db, deps.mode, deps.wanted, deps.now());
  let budget = ATTACHMENT_SWEEP_CHUNKS_PER_TICK;
  for (const m of todo) {
    if (deps.stopped()) return;
    const chunks = chunkTotal(m.size, m.chunkPlaintextBytes);
    if (chunks > budget && budget < ATTACHMENT_SWEEP_CHUNKS_PER_TICK) break;
    budget -= chunks;
    const got = await downloadFile(
      {
        call: deps.call,
        fetch: deps.fetch,
        keyring: deps.keyring,
        stopped: deps.stopped,
        onProgress: (d, t) => deps.onProgress(m.fileId, d, t),
      },
      m,
    );
    if (got.ok) {
      const blob = new Blob(got.parts, { type: m.mediaType });
      await db.transaction('rw', [db.blobs, db.attachmentDownloadFailures, db.fileTexts], async () => {
        await db.blobs.put({ id: m.fileId, blob });
        await db.attachmentDownloadFailures.delete(m.fileId);
        await db.fileTexts.delete(m.fileId);
      });
      deps.arrived([m.fileId]);
      continue;
    }
    if (got.kind === 'stopped') return;
    const prev = await db.attachmentDownloadFailures.get(m.fileId);
    const next = nextFailure(prev, got.kind, deps.now());
    await db.attachmentDownloadFailures.put({
      fileId: m.fileId,
      ...next,
      error: got.error,
      failedAt: deps.now(),
    });
    if (exhausted(next) && m.noteId) await pruneReference(db, m.noteId, m.fileId);
    if (got.error.code === 'NETWORK_OFFLINE') return;
  }
}

/**
 * Spec 3.8: after the 404 probes are exhausted the note's stored reference to the file is pruned,
 * only if no upload for that note is pending here (this device may still hold the bytes to send).
 */
async function pruneReference(db: VaultDb, noteId: string, fileId: string): Promise<void> {
  await db.transaction('rw', [db.notes, db.attachmentUploadQueue], async () => {
    if ((await db.attachmentUploadQueue.where('noteId').equals(noteId).count()) > 0) return;
    const note = await db.notes.get(noteId);
    const refs = note?.attachmentReferences;
    if (!note || !refs?.includes(fileId)) return;
    await db.notes.put({ ...note, attachmentReferences: refs.filter((r) => r !== fileId) });
  });
}
