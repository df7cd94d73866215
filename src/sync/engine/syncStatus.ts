import type { SyncErrorCategory } from './http/syncError';

/**
 * What the status indicator shows. `synced` is only ever reported when nothing is queued, nothing
 * is dead-lettered, nothing is quarantined or held as corrupt, and the last run ended without
 * error (issue 7 part 8).
 */
/** `paused`: the user paused sync on this vault (Settings → Sync); local changes wait in the queue. */
export type SyncPhase = 'off' | 'syncing' | 'synced' | 'pending' | 'error' | 'parked' | 'paused';

/** Files of the vault whose bytes are not where they belong yet (issue 15 part 5). */
export interface FileCounts {
  /** queued for upload or going up (failed ones included) */
  uploading: number;
  /** this device lacks their bytes and will fetch them (failed ones excluded) */
  downloading: number;
  /** whose last upload or download attempt failed */
  failed: number;
  /** files changed since the counts were taken: they may be behind (not "Synced" meanwhile) */
  checking?: boolean;
}

export interface SyncStatus {
  phase: SyncPhase;
  /** absent: file sync is not running (no engine) */
  files?: FileCounts;
  queued: number;
  deadLetters: number;
  quarantined: number;
  /** items in the corrupt-item tracker: received damaged, fetched again hourly (spec 8.3) */
  corrupt: number;
  /** category of the last run's error, null after a clean run */
  error: {
    category: SyncErrorCategory | 'note_too_large' | 'schema_invalid';
    code: string;
    message: string;
  } | null;
  lastSyncedAt: number | null;
}

/** Before any run: nothing known, nothing synced. */
export const STATUS_OFF: SyncStatus = Object.freeze({
  phase: 'off',
  queued: 0,
  deadLetters: 0,
  quarantined: 0,
  corrupt: 0,
  error: null,
  lastSyncedAt: null,
});

export function phaseOf(s: Omit<SyncStatus, 'phase'>, running: boolean, parked: boolean): SyncPhase {
  if (parked) return 'parked';
  if (running) return 'syncing';
  if (s.error) return 'error';
  if (s.queued > 0 || s.deadLetters > 0 || s.quarantined > 0 || s.corrupt > 0) return 'pending';
  return s.lastSyncedAt === null ? 'pending' : 'synced';
}

/**
 * The engine's status with the files' counts joined in: a status that would say `synced` says
 * `pending` while any file is queued, moving or failed (issue 15 part 5).
 */
export function withFiles(s: SyncStatus, files: FileCounts | null): SyncStatus {
  if (!files) return s;
  const busy = files.checking === true || files.uploading > 0 || files.downloading > 0 || files.failed > 0;
  return { ...s, files, phase: s.phase === 'synced' && busy ? 'pending' : s.phase };
}
