import type { BindingHold } from '../../sync/engine/binding/bindingFlow';
import type { PackStorePort, PackTempFiles } from '../../sync/engine/packs/packPorts';
import type { BodyPort } from '../../sync/engine/ports';
import type { SnapshotDelays } from '../../sync/engine/push/snapshotSchedule';
import type { SocketLike } from '../../sync/engine/socket/syncSocket';
import type { Timers } from '../../sync/engine/syncEngine';
import type { SyncStatus } from '../../sync/engine/syncStatus';
import type { VaultDb } from '../db/schema';
import type { FileDownloadMode } from './attachmentDownloads';

/** The shapes of the sync controller (syncController.ts): what it needs, and what the UI sees. */

export interface SyncControllerDeps {
  db: VaultDb;
  /** this install's device id (the one its clocks name): the binding's foreign-clock fact */
  installDeviceId: string;
  vaultName: string;
  now: () => number;
  fetch: typeof fetch;
  subtle: SubtleCrypto | undefined;
  randomUUID: () => string;
  timers: Timers;
  /** the service URL when none was set at runtime (VITE_SYNC_URL) */
  defaultServiceUrl: string;
  /** this build's version (syncTypes APP_VERSION; tests open a device as another build) */
  appVersion: string;
  /** note bodies: remote merges through the editor's store, and what the service holds of each */
  bodies: BodyPort;
  onApplied: (changes: { type: string; id: string; table: string; op: 'put' | 'delete' }[]) => void;
  /** seeded bodies of the pack bootstrap (packStore.ts); absent: a fresh device uses the item path */
  packStore?: PackStorePort;
  /** the pack transfers' temp files for a vault (absent: OPFS, opfsPackFiles.ts; tests: a folder) */
  packFiles?: (vaultId: string) => Promise<PackTempFiles | null>;
  /** opens a WebSocket (browser); absent: no socket, pulls run on pushes and the 60 s tick */
  openSocket?: (url: string, protocols: string[]) => SocketLike;
  /** the snapshot schedule's delays; absent: the spec's (tests shorten them) */
  snapshotDelays?: SnapshotDelays;
  /** runs `fn` while this tab leads sync for the vault (a Web Lock); resolves when leadership ends */
  whileLeader: (fn: () => Promise<void>) => void;
  /** the `sync.syncAttachments` device setting: which files are downloaded; absent: all */
  fileDownloadMode?: () => Promise<FileDownloadMode>;
  /** the diagnostics log changed (after commit): the change feed, so every tab's Settings refreshes */
  announceDiagnostics?: (op: 'put' | 'delete', ids: string[]) => void;
  /** sync was paused or resumed in this tab: the change feed, so the leading tab's engine follows */
  announcePause?: () => void;
  /**
   * called once before this vault, never synced yet, takes the key of an account vault that
   * already exists (joining it): drops this device's untouched welcome note (stores/welcome.ts)
   */
  beforeJoin?: () => Promise<void>;
  /**
   * a plan read in this tab says sync is allowed again (after Upgrade): the change feed, so the
   * leading tab's engine lifts its negative paid-cache at once (spec 8.3)
   */
  announcePlanAllowed?: () => void;
}

/** What the UI sees of sync (vaultApi.sync.state). */
export interface SyncState {
  account: { email: string; userId: string; deviceId: string } | null;
  /**
   * signed_out → (a binding hold of spec 3.5: needs_decision, foreign, unknown) → needs_key
   * (another device set up the vault key) → ready; `local`: the user kept this vault local for
   * the account.
   */
  setup: 'signed_out' | BindingHold | 'local' | 'needs_key' | 'ready';
  /** needs_decision only: the account has a vault to merge with */
  mergeAvailable: boolean;
  /** this device was revoked from another one: sync stopped (cleared by the next sign-in) */
  revoked: boolean;
  /** signed out because the service no longer knew this device's signing key (cleared by a sign-in) */
  keyMismatchSignedOut: boolean;
  /** the user paused this vault's sync (Settings → Sync → Pause); local edits wait in the queue */
  paused: boolean;
  serviceUrl: string;
  status: SyncStatus;
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export type SetUpAnswer =
  | { kind: 'created'; recoveryKey: string }
  | { kind: 'needs_key' }
  | { kind: 'ready' };
