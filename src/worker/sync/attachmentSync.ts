import type { VaultKeyring } from '../../sync/crypto/keys';
import type { SyncCall } from '../../sync/engine/http/syncHttp';
import type { Timers } from '../../sync/engine/syncEngine';
import type { FileCounts } from '../../sync/engine/syncStatus';
import type { VaultDb } from '../db/schema';
import {
  type DownloadRunDeps,
  downloadCandidates,
  type FileDownloadMode,
  runDownloads,
} from './attachmentDownloads';
import { FILE_TYPES } from './attachmentFiles';
import { queueUploads, runUploads } from './attachmentUploads';

/** How often the queues are looked at without a trigger: retries, and files filed in another tab. */
export const ATTACHMENT_TICK_MS = 30_000;

export interface AttachmentSyncDeps {
  db: VaultDb;
  call: SyncCall;
  fetch: typeof fetch;
  keyring: VaultKeyring;
  /** the service device id (the manifest's uploader) */
  deviceId: string;
  now: () => number;
  timers: Timers;
  mode: () => Promise<FileDownloadMode>;
  /** a manifest was written: the record push should run */
  requestPush: () => void;
  /** these files' bytes arrived (the change feed: viewers refresh, extraction starts) */
  arrived: (fileIds: string[]) => void;
  /** the counts or a file's progress changed */
  changed: () => void;
}

/** Where one file's bytes are, for the file view (issue 15 part 5). */
export type FileTransferState =
  | { where: 'local' }
  | {
      where: 'uploading';
      done: number;
      total: number;
      error: { code: string; message: string } | null;
      retryAt: number | null;
    }
  | { where: 'downloading'; done: number; total: number }
  | { where: 'queued' }
  | { where: 'not_downloaded'; mode: FileDownloadMode }
  | { where: 'waiting_upload'; uploaderDeviceId: string | null }
  | { where: 'failed'; error: { code: string; message: string }; retryAt: number | null }
  | { where: 'not_a_file' };

/**
 * File sync beside the record engine, in the sync leader (issue 15 parts 1, 2, 4): each run queues
 * uploads for files without a manifest, uploads the due ones, then sweeps downloads. Runs are
 * serial; a trigger during a run runs one more after it. Its counts join the sync status, so the
 * status never says "Synced" while a file is queued, moving or failed.
 */
export function createAttachmentSync(deps: AttachmentSyncDeps) {
  const { db } = deps;
  let stopped = true;
  let running: Promise<void> | null = null;
  let again = false;
  let tick: unknown = null;
  const wanted = new Set<string>();
  const progress = new Map<string, { dir: 'up' | 'down'; done: number; total: number }>();
  let counts: FileCounts = { uploading: 0, downloading: 0, failed: 0 };
  // set by a trigger (a pull applied a file's record, a local write): until the run it starts has
  // counted again, the counts may be behind and the status must not say "Synced" on them
  let stale = true;

  const onProgress = (dir: 'up' | 'down') => (fileId: string, done: number, total: number) => {
    progress.set(fileId, { dir, done, total });
    deps.changed();
  };

  async function cycle(): Promise<void> {
    await queueUploads(db, deps.now());
    await refreshCounts();
    const up = await runUploads({
      db,
      call: deps.call,
      keyring: deps.keyring,
      deviceId: deps.deviceId,
      now: deps.now,
      stopped: () => stopped,
      onProgress: onProgress('up'),
    });
    progress.clear();
    if (up.uploaded > 0) deps.requestPush();
    await refreshCounts();
    if (up.error?.code === 'NETWORK_OFFLINE' || stopped) return;
    const runDeps: DownloadRunDeps = {
      db,
      call: deps.call,
      fetch: deps.fetch,
      keyring: deps.keyring,
      now: deps.now,
      stopped: () => stopped,
      mode: await deps.mode(),
      wanted,
      onProgress: onProgress('down'),
      arrived: (ids) => {
        for (const id of ids) wanted.delete(id);
        deps.arrived(ids);
      },
    };
    await runDownloads(runDeps);
    progress.clear();
    await refreshCounts();
  }

  async function refreshCounts(): Promise<void> {
    const wasStale = stale;
    stale = false;
    const mode = await deps.mode();
    const now = deps.now();
    const uploading = await db.attachmentUploadQueue.count();
    const { waiting } = await downloadCandidates(db, mode, wanted, now);
    const failures = await db.attachmentDownloadFailures.toArray();
    const failedIds = new Set(failures.map((f) => f.fileId));
    const upFailed = await db.attachmentUploadQueue.filter((r) => r.lastError !== null).count();
    // files whose record arrived but whose manifest has not: waiting for their device's upload
    const awaited = mode === 'all' ? await filesAwaitingUpload() : 0;
    const downloading = waiting.filter((id) => !failedIds.has(id)).length + awaited;
    const next = { uploading, downloading, failed: failures.length + upFailed };
    if (
      wasStale ||
      next.uploading !== counts.uploading ||
      next.downloading !== counts.downloading ||
      next.failed !== counts.failed
    ) {
      counts = next;
      deps.changed();
    }
  }

  async function filesAwaitingUpload(): Promise<number> {
    const files = (await db.notes.where('fileType').anyOf(FILE_TYPES).primaryKeys()) as string[];
    const present = new Set((await db.blobs.where(':id').anyOf(files).primaryKeys()) as string[]);
    const lacking = files.filter((id) => !present.has(id));
    if (lacking.length === 0) return 0;
    const manifests = await db.attachmentManifests.bulkGet(lacking);
    return manifests.filter((m) => m === undefined).length;
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = cycle()
      .catch((err: unknown) => {
        if (!stopped) console.error('file sync failed', err);
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  async function state(fileId: string): Promise<FileTransferState> {
    const note = await db.notes.get(fileId);
    if (!note || note.fileType === 'markdown') return { where: 'not_a_file' };
    const moving = progress.get(fileId);
    const hasBytes = (await db.blobs.where(':id').equals(fileId).count()) > 0;
    if (hasBytes) {
      const up = await db.attachmentUploadQueue.get(fileId);
      if (!up) return { where: 'local' };
      const total = Math.max(1, Math.ceil((note.size ?? 0) / (1024 * 1024)));
      return {
        where: 'uploading',
        done: moving?.dir === 'up' ? moving.done : up.uploaded.length,
        total: moving?.dir === 'up' ? moving.total : total,
        error: up.lastError,
        retryAt: up.lastError ? up.notBefore : null,
      };
    }
    if (moving?.dir === 'down') return { where: 'downloading', done: moving.done, total: moving.total };
    const failure = await db.attachmentDownloadFailures.get(fileId);
    const manifest = await db.attachmentManifests.get(fileId);
    if (failure?.kind === 'missing')
      return { where: 'waiting_upload', uploaderDeviceId: manifest?.uploaderDeviceId ?? null };
    if (failure) return { where: 'failed', error: failure.error, retryAt: failure.retryAt };
    if (!manifest) return { where: 'waiting_upload', uploaderDeviceId: null };
    const mode = await deps.mode();
    if (mode === 'all' || wanted.has(fileId)) return { where: 'queued' };
    return { where: 'not_downloaded', mode };
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      tick = deps.timers.setInterval(() => void run(), ATTACHMENT_TICK_MS);
      void run();
    },
    stop() {
      stopped = true;
      if (tick !== null) deps.timers.clearInterval(tick);
      tick = null;
    },
    /** something changed (a local write, a pull): look at the queues again */
    kick: () => {
      stale = true;
      void run();
    },
    /** runs until the queues are idle (tests) */
    async settle(): Promise<void> {
      await run();
      while (running) await running;
    },
    /** the file was opened: fetch it first, whatever the background mode (unless that is `never`) */
    async open(fileId: string, force = false): Promise<FileTransferState> {
      const mode = await deps.mode();
      if (mode !== 'never' || force) {
        wanted.add(fileId);
        void run();
      }
      return state(fileId);
    },
    state,
    counts: (): FileCounts => (stale ? { ...counts, checking: true } : counts),
  };
}

export type AttachmentSync = ReturnType<typeof createAttachmentSync>;
