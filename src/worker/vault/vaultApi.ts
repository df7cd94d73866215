import * as Comlink from 'comlink';
import type { Result } from '../../shared/result';
import { type AgentSession, type AgentTabPorts, createAgentSession } from '../agent/agentSession';
import { createAgentVaultPorts } from '../agent/agentVaultPorts';
import { dexieAuditStore } from '../agent/auditLog';
import type { ChangeBatch } from '../changes/changeFeed';
import type { VaultEntry } from '../db/meta';
import type { FolderRow, NoteVersionRow } from '../db/schema';
import { createBackupFolder, scheduleFolderBackup } from '../export/backupFolder';
import { createTransferJobs } from '../export/transferJobs';
import type { ExtractedText } from '../extract/fileTextReads';
import type { RebuildProgress } from '../indexing/searchIndexer';
import type { Result as OpResult } from '../ops/result';
import { type AliasHit, aliasSearch } from '../search/aliasSearch';
import type { DeviceFacts } from '../settings/deviceFacts';
import type { AttachmentEntry } from '../stores/attachments';
import { exportZipBlob } from '../stores/exporter';
import { type ImportProgress, type ImportSource, type ImportSummary, importFiles } from '../stores/importer';
import type { Note, NoteHeader, NoteListQuery, NotePage } from '../stores/notesStore';
import type { VersionSummary } from '../stores/noteVersions';
import { makeWelcome } from '../stores/welcome';
import { createSyncApi, type SyncApi } from '../sync/syncApi';
import type { OpenVault } from './openVault';

/** What a notification needs of a fired reminder. */
export interface FiredReminder {
  id: string;
  title: string;
  body: string | null;
  remindAt: string;
  /** what the reminder is about, so a click on its notification can open it */
  targetType: string | null;
  targetId: string | null;
}

export interface VaultInfo {
  id: string;
  name: string;
  /** one emoji or character (vault.updateConfig), null when none */
  icon: string | null;
  isLeader: boolean;
}

/**
 * The one typed API the UI reaches through Comlink. Reads answer values; writes answer a
 * Result whose error carries the spec's code. Callbacks passed in must be Comlink proxies.
 */
export interface VaultApi {
  info(): Promise<VaultInfo>;
  onChange(listener: (batch: ChangeBatch) => void): Promise<void>;
  onLeaderChange(listener: (isLeader: boolean) => void): Promise<void>;
  /** Reminders this tab's worker has just fired (only the leader fires; each reminder once). */
  onReminderFired(listener: (fired: FiredReminder[]) => void): Promise<void>;
  listNotes(q: NoteListQuery): Promise<NotePage>;
  /** A folder's note ids in manual order, for the list to splice a moved note and call notes.reorder. */
  manualNoteOrder(folder: string): Promise<string[]>;
  getNote(id: string): Promise<Note | null>;
  /** The note's row without its body (title, folder, type, dates): no markdown crosses to the UI. */
  getNoteHeader(id: string): Promise<NoteHeader | null>;
  /**
   * Makes this vault's welcome note if it was created on this device and has not had one yet
   * (stores/welcome.ts); answers its id, or null. Asked once a browser profile by the UI.
   */
  welcome(): Promise<string | null>;
  /** Notes whose frontmatter aliases match `query`, best first (`[[` completion; no body is read). */
  matchAliases(query: string, limit: number): Promise<AliasHit[]>;
  createNote(input: { title?: string; folderPath?: string; markdown?: string }): Promise<Result<NoteHeader>>;
  renameNote(id: string, title: string): Promise<Result<NoteHeader>>;
  updateNoteBody(id: string, markdown: string): Promise<Result<NoteHeader>>;
  moveNote(id: string, folderPath: string): Promise<Result<NoteHeader>>;
  deleteNote(id: string): Promise<Result<{ id: string }>>;
  listFolders(): Promise<FolderRow[]>;
  createFolder(path: string): Promise<Result<{ path: string }>>;
  renameFolder(oldPath: string, newPath: string): Promise<Result<{ path: string }>>;
  deleteFolder(path: string): Promise<Result<{ path: string }>>;
  /** A note body's whole CRDT state, for the editor to start from. */
  openNoteDoc(id: string): Promise<Result<Uint8Array>>;
  /** An update typed in this tab's editor; stored, mirrored to markdown, sent to the other tabs. */
  pushNoteUpdate(id: string, update: Uint8Array): Promise<Result<NoteHeader>>;
  /** Updates of note bodies made in other tabs (and by replacements in this one). */
  onNoteUpdate(listener: (id: string, update: Uint8Array) => void): Promise<void>;
  /** Imports files (a folder's contents, loose files, zips), reporting progress after each batch;
   *  `skipIdentical` (the Import buttons) skips a file identical to the one at its path, restores a
   *  backup's records and imports `.canvas` files (docs/backup.md); `jobId` lets `cancelTransfer` stop it. */
  importFiles(
    sources: ImportSource[],
    targetFolder: string,
    onProgress: (p: ImportProgress) => void,
    skipIdentical?: boolean,
    jobId?: string,
  ): Promise<Result<ImportSummary>>;
  /**
   * A zip of the vault (notes, files and every record: docs/backup.md), or of one folder and
   * everything inside it, written as a stream; `jobId` lets `cancelTransfer` stop it (CANCELLED).
   */
  exportZip(folder?: string, onProgress?: (p: ImportProgress) => void, jobId?: string): Promise<Result<Blob>>;
  /** Stops a running export or import started with this job id; false when none runs. */
  cancelTransfer(jobId: string): Promise<boolean>;
  /** The folder the automatic backup writes to (docs/backup.md), and its last backup; null when none. */
  backupFolderState(): Promise<{
    handle: FileSystemDirectoryHandle;
    name: string;
    lastAt: number | null;
    lastError: { code: string; message: string } | null;
  } | null>;
  /** Chooses the automatic backup's folder (a handle from showDirectoryPicker), or with null stops it. */
  chooseBackupFolder(handle: FileSystemDirectoryHandle | null): Promise<void>;
  /** Writes a whole-vault backup to the chosen folder now. */
  backupToFolderNow(): Promise<Result<{ at: number; file: string }>>;
  /** Attaches a file to a markdown note (attachments/<note_id>/<name>); the bytes as a Blob, not base64. */
  uploadAttachment(noteId: string, name: string, file: Blob): Promise<Result<AttachmentEntry>>;
  /**
   * Progress of a search index rebuild (search.rebuildIndex) in this tab: steps, then null when
   * done. Answers a proxied function that stops the calls.
   */
  onSearchProgress(
    listener: (p: RebuildProgress | null) => void,
  ): Promise<(() => void) & Comlink.ProxyMarked>;
  /**
   * Calls `listener` each time the search index took in a change (a note written here or in
   * another tab, a file's text read): an open search asks again. Answers a function that stops it.
   */
  onSearchIndexed(listener: () => void): Promise<(() => void) & Comlink.ProxyMarked>;
  /** The bytes of a filed file (pdf, image, audio, video). */
  getFileBlob(id: string): Promise<Blob | null>;
  /** Where text extraction of a filed pdf or image stands, without the pages; null for other ids. */
  fileTextStatus(id: string): Promise<Omit<ExtractedText, 'pages'> | null>;
  listVersions(noteId: string): Promise<VersionSummary[]>;
  getVersion(versionId: string): Promise<NoteVersionRow | null>;
  restoreVersion(versionId: string): Promise<Result<NoteHeader>>;
  /** Runs a read operation of the registry (spec 4.4) as the UI. */
  read(operation: string, args: unknown[]): Promise<OpResult<unknown>>;
  /** Runs a write operation of the registry (spec 4.5) as the UI: the user's own action needs no approval. */
  write(operation: string, args: unknown[]): Promise<OpResult<unknown>>;
  /**
   * The agent surfaces of this tab (/mcp, WebMCP, window.cairnAgent): pass the approval dialog and
   * the open note as Comlink proxies; the session comes back as a proxy. See src/worker/agent.
   */
  connectAgent(tab: AgentTabPorts): Promise<AgentSession>;
  /** Sync: sign-in, vault key set-up, status (src/worker/sync/syncApi.ts), as a proxied namespace. */
  sync(): Promise<SyncApi & Comlink.ProxyMarked>;
  /** What the page knows about recording on this device (settings.getVoiceRecordingReadiness). */
  reportDevice(facts: DeviceFacts): Promise<void>;
  /** Called with a vault id when vault.switch (the UI's or an agent's) asks this window to switch. */
  onSwitch(listener: (vaultId: string) => void): Promise<void>;
  /** A new, empty local vault (not opened; switch to it to open it). */
  createVault(name: string): Promise<OpResult<VaultEntry>>;
  /** Closes the open vault (leader, change feed, database) before the page ends this worker. */
  close(): Promise<void>;
}

const UI = { caller: { kind: 'ui' } } as const;

export function createVaultApi(vault: OpenVault): VaultApi {
  const { notes } = vault;
  const agentPorts = createAgentVaultPorts(vault);
  const transfers = createTransferJobs();
  const backupFolder = createBackupFolder(
    vault.services.db,
    () => vault.entry.name,
    vault.services.now,
    () => exportZipBlob(vault.services.db),
  );
  scheduleFolderBackup(vault, backupFolder);
  return {
    async info() {
      // The name as it is now: vault.updateConfig may have renamed it since it opened.
      const entry = (await vault.directory.get(vault.entry.id)) ?? vault.entry;
      return {
        id: vault.entry.id,
        name: entry.name,
        icon: entry.icon ?? null,
        isLeader: vault.leader.isLeader(),
      };
    },
    async onChange(listener) {
      vault.subscribe(listener);
    },
    async onLeaderChange(listener) {
      vault.leader.onChange(listener);
      listener(vault.leader.isLeader());
    },
    async onReminderFired(listener) {
      vault.reminders.onFire((fired) =>
        listener(
          fired.map(({ id, title, body, remindAt, targetType, targetId }) => ({
            id,
            title,
            body,
            remindAt,
            targetType,
            targetId,
          })),
        ),
      );
    },
    listNotes: (q) => notes.list(q),
    manualNoteOrder: (folder) => notes.manualOrder(folder),
    getNote: (id) => notes.get(id),
    getNoteHeader: (id) => notes.getHeader(id),
    welcome: () => makeWelcome(() => vault.directory.takeWelcome(vault.entry.id), notes),
    async matchAliases(query, limit) {
      await vault.bodies.links.ensureLoaded();
      return aliasSearch(vault.bodies.links.resolver.headers(), query, limit);
    },
    createNote: (input) => notes.create(input),
    renameNote: (id, title) => notes.rename(id, title),
    updateNoteBody: (id, markdown) => notes.updateBody(id, markdown),
    moveNote: (id, folderPath) => notes.move(id, folderPath),
    deleteNote: (id) => notes.delete(id),
    listFolders: () => notes.listFolders(),
    createFolder: (path) => notes.createFolder(path),
    renameFolder: (oldPath, newPath) => notes.renameFolder(oldPath, newPath),
    deleteFolder: (path) => notes.deleteFolder(path),
    openNoteDoc: (id) => vault.bodies.open(id),
    pushNoteUpdate: (id, update) => vault.bodies.applyUpdate(id, update),
    async onNoteUpdate(listener) {
      vault.bodies.onUpdate(listener);
    },
    async importFiles(sources, targetFolder, onProgress, skipIdentical, jobId) {
      const cancelled = transfers.start(jobId);
      try {
        // the Import buttons restore a backup's records and take .canvas files; a drop adds files only
        return await importFiles(
          notes,
          sources,
          targetFolder,
          onProgress,
          skipIdentical ? vault.services.db : undefined,
          skipIdentical ? { services: vault.services, cancelled } : { cancelled },
        );
      } finally {
        transfers.end(jobId);
      }
    },
    async exportZip(folder, onProgress, jobId) {
      const cancelled = transfers.start(jobId);
      try {
        return await exportZipBlob(vault.services.db, folder ?? '', {
          ...(onProgress ? { onProgress } : {}),
          cancelled,
        });
      } finally {
        transfers.end(jobId);
      }
    },
    cancelTransfer: async (jobId) => transfers.cancel(jobId),
    backupFolderState: () => backupFolder.state(),
    chooseBackupFolder: (handle) => backupFolder.choose(handle),
    backupToFolderNow: () => backupFolder.run(),
    uploadAttachment: (noteId, name, file) => notes.attachments.upload(noteId, name, file),
    async onSearchProgress(listener) {
      const stop = (await vault.search).onProgress(listener);
      return Comlink.proxy(() => {
        stop();
      });
    },
    async onSearchIndexed(listener) {
      const stop = (await vault.search).onIndexed(listener);
      return Comlink.proxy(() => {
        stop();
      });
    },
    getFileBlob: (id) => notes.getBlob(id),
    async fileTextStatus(id) {
      const text = await vault.fileTexts.extractedText(id);
      if (!text) return null;
      const { pages: _pages, ...status } = text;
      return status;
    },
    listVersions: (noteId) => vault.bodies.versions.list(noteId),
    getVersion: async (versionId) => (await vault.bodies.versions.get(versionId)) ?? null,
    restoreVersion: (versionId) => vault.bodies.restoreVersion(versionId),
    read: (operation, args) => vault.registry.read(operation, args, UI),
    write: (operation, args) => vault.registry.write(operation, args, { ...UI, approve: async () => 'once' }),
    sync: async () => Comlink.proxy(createSyncApi(vault.services.db)),
    reportDevice: async (facts) => vault.device.report(facts),
    onSwitch: async (listener) => vault.host.onSwitch(listener),
    createVault: (name) => vault.directory.create(name, { welcome: true }),
    close: async () => vault.close(),
    connectAgent: async (tab) =>
      Comlink.proxy(
        createAgentSession({
          registry: vault.registry,
          version: __APP_VERSION__,
          audit: dexieAuditStore(vault.services.db.agentAudit),
          now: vault.services.now,
          tab,
          vaultPorts: agentPorts,
        }),
      ),
  };
}
