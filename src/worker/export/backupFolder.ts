import { fail, ok, type Result } from '../../shared/result';
import type { VaultDb } from '../db/schema';

/** Where the folder backup keeps its state: the vault's local state table (never synced). */
const KEY = 'backupFolder';

/** A folder the user picked (File System Access API) and how its last backup went. */
export interface BackupFolderState {
  handle: FileSystemDirectoryHandle;
  name: string;
  /** epoch ms of the last backup written there, null before the first */
  lastAt: number | null;
  lastError: { code: string; message: string } | null;
}

type Permission = 'granted' | 'denied' | 'prompt';
/** The permission calls of the File System Access API (Chromium), not yet in TypeScript's DOM types. */
type WithPermission = FileSystemDirectoryHandle & {
  queryPermission(d: { mode: 'readwrite' }): Promise<Permission>;
};

/** The file a backup of `day` (epoch ms) is written to: one a day, a later one that day replaces it. */
export const backupFileName = (vaultName: string, at: number) =>
  `${vaultName.replace(/[\\/:*?"<>|]/g, '-')} ${new Date(at).toISOString().slice(0, 10)}.zip`;

/**
 * The automatic backup to a folder (docs/backup.md "Automatic backup to a folder"): the handle
 * the user picked is kept in the vault's local state; `run` writes the whole-vault zip there
 * (`exportBlob`, streamed) and remembers when, or why it could not (the browser asks for
 * permission again after a restart: `BACKUP_FOLDER_PERMISSION`, the UI offers "Allow access").
 * `due` says whether `intervalDays` have passed since the last one.
 */
export function createBackupFolder(
  db: VaultDb,
  vaultName: () => string,
  now: () => number,
  exportBlob: () => Promise<Result<Blob>>,
) {
  const read = async () => ((await db.syncState.get(KEY))?.value as BackupFolderState | undefined) ?? null;
  const save = (state: BackupFolderState | null) =>
    state ? db.syncState.put({ key: KEY, value: state }) : db.syncState.delete(KEY);

  async function run(): Promise<Result<{ at: number; file: string }>> {
    const state = await read();
    if (!state) return fail('BACKUP_FOLDER_NONE', 'No backup folder is chosen.');
    const record = async (error: { code: string; message: string }) => {
      await save({ ...state, lastError: error });
      return { ok: false as const, error };
    };
    const permission = await (state.handle as WithPermission).queryPermission({ mode: 'readwrite' });
    if (permission !== 'granted')
      return record({
        code: 'BACKUP_FOLDER_PERMISSION',
        message: `Cairn may not write to "${state.name}" until you allow it again (Settings, Backup, Allow access).`,
      });
    const blob = await exportBlob();
    if (!blob.ok) return record(blob.error);
    const at = now();
    const file = backupFileName(vaultName(), at);
    try {
      const fh = await state.handle.getFileHandle(file, { create: true });
      const out = await fh.createWritable();
      await out.write(blob.value);
      await out.close();
    } catch (err) {
      return record({
        code: 'BACKUP_FOLDER_WRITE',
        message: `The backup could not be written to "${state.name}": ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    await save({ ...state, lastAt: at, lastError: null });
    return ok({ at, file });
  }

  return {
    /** the chosen folder and its last backup, null when none is chosen */
    async state() {
      const s = await read();
      return s ? { handle: s.handle, name: s.name, lastAt: s.lastAt, lastError: s.lastError } : null;
    },
    /** Chooses (or with null, forgets) the folder; a new folder starts with no backup made. */
    async choose(handle: FileSystemDirectoryHandle | null) {
      await save(handle ? { handle, name: handle.name, lastAt: null, lastError: null } : null);
    },
    run,
    async due(intervalDays: number): Promise<boolean> {
      const s = await read();
      if (!s) return false;
      return s.lastAt === null || now() - s.lastAt >= intervalDays * 86_400_000;
    },
  };
}

export type BackupFolder = ReturnType<typeof createBackupFolder>;

/** How often the leader tab looks whether a folder backup is due (the first look soon after start). */
const FIRST_LOOK_MS = 20_000;
const LOOK_EVERY_MS = 60 * 60_000;

/**
 * The automatic part: the leader tab (one per vault) looks soon after the vault opens and then
 * hourly, and writes a backup when `backup.intervalDays` have passed since the last one. A
 * failure is remembered in the folder's state (Settings shows it), never thrown.
 */
export function scheduleFolderBackup(
  vault: {
    leader: { isLeader(): boolean };
    settings: { get(key: string): Promise<{ ok: boolean; value?: unknown }> };
  },
  folder: BackupFolder,
): void {
  const look = async () => {
    if (!vault.leader.isLeader()) return;
    const days = await vault.settings.get('backup.intervalDays');
    const interval = days.ok && typeof days.value === 'number' ? days.value : 7;
    if (await folder.due(interval)) await folder.run();
  };
  const safe = () =>
    look().catch((err: unknown) => {
      // the vault closing under a look is expected; anything else is a bug
      if ((err as { name?: string }).name !== 'DatabaseClosedError') console.error('folder backup', err);
    });
  setTimeout(() => {
    void safe();
    setInterval(() => void safe(), LOOK_EVERY_MS);
  }, FIRST_LOOK_MS);
}
