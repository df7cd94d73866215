import { deriveVaultKeyring, loadOrCreateDeviceKey, type VaultKeyRecord } from '../../sync/crypto';
import {
  keepRecoverySecret,
  makeNewRecoveryKey,
  showRecoveryKey,
} from '../../sync/engine/account/recoveryKeyAgain';
import { createSession } from '../../sync/engine/account/session';
import { requestCode, signIn } from '../../sync/engine/account/signIn';
import { restoreWithRecoveryKey, setUpVaultKey } from '../../sync/engine/account/vaultKeySetup';
import {
  BINDING_HOLD,
  type Binding,
  type BindingChoice,
  type BindingHold,
  bindForAccount,
  chooseBinding,
} from '../../sync/engine/binding/bindingFlow';
import { createSyncHttp } from '../../sync/engine/http/syncHttp';
import type { BodyPort } from '../../sync/engine/ports';
import { VAULT_KEY_MISMATCH } from '../../sync/engine/pull/refusedPage';
import type { SnapshotDelays } from '../../sync/engine/push/snapshotSchedule';
import { createSyncSocket, type SocketLike } from '../../sync/engine/socket/syncSocket';
import { createSyncEngine, type SyncEngine, type Timers } from '../../sync/engine/syncEngine';
import type { SyncStatus } from '../../sync/engine/syncStatus';
import type { VaultDb } from '../db/schema';
import { createAccountScreens } from './accountScreens';
import { applyRecords } from './applyRecords';
import { createBindingFacts } from './bindingFacts';
import { createDexieOutbox } from './dexieOutbox';
import { createDiagnosticsLog } from './diagnosticsLog';
import { createLocalRecords } from './localRecords';
import { readRecord } from './recordPayloads';
import {
  BINDING,
  createDeviceKeyStore,
  createStatePort,
  createTokenStore,
  SERVICE_URL,
  SYNC_VAULT_ID,
  VAULT_KEY,
} from './syncStateStore';
import { CLIENT_HEADER, SYNC_RECORD_TYPES } from './syncTypes';

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
  /** opens a WebSocket (browser); absent: no socket, pulls run on pushes and the 60 s tick */
  openSocket?: (url: string, protocols: string[]) => SocketLike;
  /** the snapshot schedule's delays; absent: the spec's (tests shorten them) */
  snapshotDelays?: SnapshotDelays;
  /** runs `fn` while this tab leads sync for the vault (a Web Lock); resolves when leadership ends */
  whileLeader: (fn: () => Promise<void>) => void;
  /** the diagnostics log changed (after commit): the change feed, so every tab's Settings refreshes */
  announceDiagnostics?: (op: 'put' | 'delete', ids: string[]) => void;
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
  serviceUrl: string;
  status: SyncStatus;
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export type SetUpAnswer =
  | { kind: 'created'; recoveryKey: string }
  | { kind: 'needs_key' }
  | { kind: 'ready' };

const NOT_READY = {
  ok: false as const,
  error: { code: 'SYNC_NOT_READY', message: 'this device does not hold the vault key yet' },
};

/** whether the signed-in account has a vault to merge with (the binding question's third button) */
const MERGE_TARGET = 'bindingMergeTarget';
const REVOKED = 'deviceRevoked';

/**
 * The worker half of sync: sign-in with an email code, vault key set-up (recovery key shown
 * once) or restore, then the engine, started only in the tab that leads the vault. All state is
 * in the vault's syncState table, so a reload resumes where it stopped.
 */
export function createSyncController(deps: SyncControllerDeps) {
  const { db } = deps;
  const state = createStatePort(db);
  const tokens = createTokenStore(db);
  const outbox = createDexieOutbox(db, deps.now);
  // sync_run_completed events stay on this device (spec 6.2; docs/sync-client.md)
  const diagnostics = createDiagnosticsLog({ db, announce: deps.announceDiagnostics });
  const listeners = new Set<(s: SyncState) => void>();
  let engine: SyncEngine | null = null;
  let pendingRecord: VaultKeyRecord | null = null;
  let lastStatus: SyncStatus = {
    phase: 'off',
    queued: 0,
    deadLetters: 0,
    quarantined: 0,
    corrupt: 0,
    error: null,
    lastSyncedAt: null,
  };

  const serviceUrl = async () => (await state.get<string>(SERVICE_URL)) || deps.defaultServiceUrl;
  async function http() {
    const base = { baseUrl: await serviceUrl(), fetch: deps.fetch, clientHeader: CLIENT_HEADER };
    const anon = createSyncHttp(base, null);
    return { anon, call: createSyncHttp(base, createSession(tokens, anon, deps.now)) };
  }

  async function snapshot(): Promise<SyncState> {
    const session = await tokens.load();
    const email = await state.get<string>('email');
    const ready = (await state.get(VAULT_KEY)) !== undefined;
    const hold = (await state.get<BindingHold | null>(BINDING_HOLD)) ?? null;
    const binding = await state.get<Binding>(BINDING);
    const local = binding?.mode === 'local' && binding.userId === session?.userId;
    // the pull found this device's key is not the account's (refusedPage.ts): the key is asked for
    // again, the stored one kept (and the engine still retrying) until a key the record names replaces it
    const stale = lastStatus.error?.code === VAULT_KEY_MISMATCH;
    return {
      account: session ? { email: email ?? '', userId: session.userId, deviceId: session.deviceId } : null,
      setup: !session
        ? 'signed_out'
        : hold
          ? hold
          : local
            ? 'local'
            : ready && !stale
              ? 'ready'
              : 'needs_key',
      mergeAvailable: (await state.get<boolean>(MERGE_TARGET)) === true,
      revoked: (await state.get<boolean>(REVOKED)) === true,
      serviceUrl: await serviceUrl(),
      status: lastStatus,
    };
  }
  async function notify() {
    const s = await snapshot();
    for (const l of listeners) l(s);
  }

  /** Spec 3.5 for the signed-in account; an `unknown` answer is asked again after 60 s. */
  let retryBinding: unknown = null;
  async function decideBinding(): Promise<void> {
    const session = await tokens.load();
    if (!session) return;
    const { call } = await http();
    const facts = createBindingFacts(db, deps.installDeviceId);
    const decision = await bindForAccount({ state, call, facts }, session.userId);
    const listed = await call<{ vaults: unknown[] }>('GET', '/sync/vaults');
    await state.set(MERGE_TARGET, listed.ok && listed.value.vaults.length > 0);
    if (retryBinding !== null) deps.timers.clearTimeout(retryBinding);
    retryBinding =
      decision.kind === 'unknown'
        ? deps.timers.setTimeout(() => {
            retryBinding = null;
            void decideBinding().then(notify);
          }, decision.retryAfterMs)
        : null;
  }

  async function startIfReady(): Promise<void> {
    if (engine) return;
    const session = await tokens.load();
    const vaultKey = await state.get<Uint8Array>(VAULT_KEY);
    const syncVaultId = await state.get<string>(SYNC_VAULT_ID);
    if (!session || !vaultKey || !syncVaultId) return;
    // checked before any sync service is built (spec 3.5): only a vault bound for sync to THIS account
    const binding = await state.get<Binding>(BINDING);
    const hold = await state.get<BindingHold | null>(BINDING_HOLD);
    if (hold || binding?.mode !== 'sync' || binding.userId !== session.userId) return;
    if ((await state.get<boolean>(REVOKED)) === true) return; // revoked: nothing more until a sign-in
    const key = await loadOrCreateDeviceKey(createDeviceKeyStore(db), deps.subtle);
    if (!key.ok) return;
    const { call } = await http();
    const created = createSyncEngine({
      call,
      outbox,
      records: {
        read: (type, id) => readRecord(db, type, id),
        // ITEM_SYNCED (spec 6.2): told after the slice's transaction committed, changed rows only
        apply: async (items, orphans) => {
          const out = await applyRecords(db, items, deps.now, deps.installDeviceId, orphans);
          if (out.changed.length > 0) deps.onApplied(out.changed);
          return out;
        },
        ...createLocalRecords(db, deps.now, deps.installDeviceId),
      },
      bodies: deps.bodies,
      state,
      keyring: deriveVaultKeyring(vaultKey, syncVaultId),
      signer: { key: key.key, deviceId: session.deviceId },
      types: SYNC_RECORD_TYPES,
      now: deps.now,
      appVersion: deps.appVersion,
      timers: deps.timers,
      snapshotDelays: deps.snapshotDelays,
      onStatus: (s) => {
        // a replaced engine (adoptKey) may still report from the cycle it was in: not this vault's state
        if (engine !== created) return;
        lastStatus = s;
        if (s.error?.code === 'DEVICE_REVOKED') void revoked();
        notify().catch((err: unknown) => {
          // the vault closing under a last status report is expected; anything else is a bug
          if ((err as { name?: string }).name !== 'DatabaseClosedError') console.error('sync status', err);
        });
      },
      onApplied: () => {},
      telemetry: diagnostics.telemetry,
    });
    engine = created;
    const open = deps.openSocket;
    const { anon } = await http();
    const socket = open
      ? createSyncSocket({
          baseUrl: await serviceUrl(),
          vaultId: syncVaultId,
          types: SYNC_RECORD_TYPES,
          accessToken: () => createSession(tokens, anon, deps.now).accessToken(),
          open,
          timers: deps.timers,
          onWake: (cursor) => created.wake(cursor),
          // items frames are applied directly (spec 6.1); the wake pull still runs for each
          onItems: (frame) => void created.items(frame),
          onConnection: (generation) => created.connection(generation),
          onRevoked: () => void revoked(),
        })
      : null;
    deps.whileLeader(
      () =>
        new Promise<void>((release) => {
          created.start();
          socket?.start();
          stopLeading = () => {
            socket?.stop();
            release();
          };
        }),
    );
  }
  let stopLeading: () => void = () => {};

  /** Another device revoked this one: sync stops here, and the state says why (until a sign-in). */
  let revoking = false;
  async function revoked(): Promise<void> {
    // stopping the engine reports its status again (with the same error): act once
    if (revoking) return;
    revoking = true;
    engine?.stop();
    engine = null;
    stopLeading();
    await state.set(REVOKED, true);
    await notify();
  }

  async function adoptKey(vaultId: string, vaultKey: Uint8Array): Promise<void> {
    // a device whose key was stale runs an engine under it: the new key needs a new engine
    if (engine) {
      engine.stop();
      engine = null;
      stopLeading();
      lastStatus = { ...lastStatus, error: null };
    }
    await state.set(VAULT_KEY, vaultKey);
    await state.set(SYNC_VAULT_ID, vaultId);
    pendingRecord = null;
    await startIfReady();
    await notify();
  }

  async function readyVault(): Promise<{ vaultId: string; vaultKey: Uint8Array } | null> {
    const vaultKey = await state.get<Uint8Array>(VAULT_KEY);
    const vaultId = await state.get<string>(SYNC_VAULT_ID);
    return vaultKey && vaultId ? { vaultId, vaultKey } : null;
  }

  const controller = {
    init: () => startIfReady(),
    /** Authenticated calls as the signed-in session of this vault (vault.listAccount, downloadRemote). */
    accountCall: async () => (await http()).call,
    serviceUrl,
    state: snapshot,
    onState(listener: (s: SyncState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async setServiceUrl(url: string): Promise<Answer<null>> {
      if (!/^https?:\/\//.test(url))
        return {
          ok: false,
          error: { code: 'VALIDATION_ERROR', message: 'the URL must start with http:// or https://' },
        };
      await state.set(SERVICE_URL, url);
      await notify();
      return { ok: true, value: null };
    },
    async requestCode(email: string): Promise<Answer<{ devCode?: string }>> {
      const res = await requestCode((await http()).anon, email);
      return res.ok ? { ok: true, value: res.value.devCode ? { devCode: res.value.devCode } : {} } : res;
    },
    async signIn(email: string, code: string, deviceName: string): Promise<Answer<SyncState['setup']>> {
      const key = await loadOrCreateDeviceKey(createDeviceKeyStore(db), deps.subtle);
      if (!key.ok) return { ok: false, error: key.error };
      const res = await signIn((await http()).anon, {
        email,
        code,
        deviceName,
        publicKey: key.key.publicKey,
      });
      if (!res.ok) return res;
      await tokens.save(res.value);
      await state.set('email', email);
      await state.set(REVOKED, false);
      revoking = false;
      await decideBinding();
      await notify();
      return { ok: true, value: (await snapshot()).setup };
    },
    /**
     * Creates the vault key (answering the recovery key, to show ONCE), says a key is needed, or
     * starts at once when this vault already holds its key. `own`: the binding choice "sync".
     */
    async setUp(target: 'own' | 'account' = 'account'): Promise<Answer<SetUpAnswer>> {
      const setup = (await snapshot()).setup;
      if (setup !== 'needs_key' && setup !== 'ready')
        return { ok: false, error: { code: 'BINDING_HELD', message: `sync is held (${setup})` } };
      if (setup === 'ready' && target === 'account') {
        await startIfReady();
        return { ok: true, value: { kind: 'ready' } };
      }
      const res = await setUpVaultKey((await http()).call, {
        newVaultId: deps.randomUUID(),
        vaultName: deps.vaultName,
        target,
        knownVaultId: target === 'own' ? null : ((await state.get<string>(SYNC_VAULT_ID)) ?? null),
      });
      if (!res.ok) return res;
      if (res.value.kind === 'needs_key') {
        pendingRecord = res.value.record;
        return { ok: true, value: { kind: 'needs_key' } };
      }
      await state.set(VAULT_KEY, res.value.vaultKey);
      await state.set(SYNC_VAULT_ID, res.value.syncVaultId);
      await keepRecoverySecret(
        state,
        { vaultId: res.value.syncVaultId, vaultKey: res.value.vaultKey },
        res.value.recoverySecret,
      );
      await startIfReady();
      await notify();
      return { ok: true, value: { kind: 'created', recoveryKey: res.value.recoveryKey } };
    },
    /** The user's answer to the binding question (spec 3.5), then the key set-up it implies. */
    async choose(choice: BindingChoice): Promise<Answer<SetUpAnswer | { kind: 'local' }>> {
      const session = await tokens.load();
      if (!session) return { ok: false, error: { code: 'UNAUTHENTICATED', message: 'sign in first' } };
      const mergeAvailable = (await state.get<boolean>(MERGE_TARGET)) === true;
      const chosen = await chooseBinding(state, session.userId, choice, mergeAvailable);
      if (!chosen.ok) return chosen;
      if (choice === 'local') {
        await notify();
        return { ok: true, value: { kind: 'local' } };
      }
      if (choice === 'sync') {
        await state.set(VAULT_KEY, undefined);
        await state.set(SYNC_VAULT_ID, undefined);
      }
      const res = await this.setUp(choice === 'sync' ? 'own' : 'account');
      await notify();
      return res;
    },
    async restore(recoveryKey: string): Promise<Answer<null>> {
      if (!pendingRecord) {
        const again = await this.setUp();
        if (!again.ok) return again;
        if (again.value.kind !== 'needs_key') return { ok: true, value: null };
      }
      const opened = restoreWithRecoveryKey(pendingRecord!, recoveryKey);
      if (!opened.ok) return opened;
      const vaultId = pendingRecord!.vaultId;
      await keepRecoverySecret(state, { vaultId, vaultKey: opened.vaultKey }, opened.recoverySecret);
      await adoptKey(vaultId, opened.vaultKey);
      return { ok: true, value: null };
    },
    /** The recovery key again, behind the UI's confirmation (recoveryKeyAgain.ts). */
    async showRecoveryKey(): Promise<Answer<string>> {
      const vault = await readyVault();
      if (!vault) return NOT_READY;
      return showRecoveryKey({ state, call: (await http()).call, vault });
    },
    /** A new recovery key for the same vault key; the old one stops restoring. */
    async newRecoveryKey(): Promise<Answer<string>> {
      const vault = await readyVault();
      if (!vault) return NOT_READY;
      return makeNewRecoveryKey({ state, call: (await http()).call, vault });
    },
    /** Plan and usage, devices and revoke, and linking a device (accountScreens.ts). */
    account: createAccountScreens({
      call: async () => (await http()).call,
      now: deps.now,
      vault: readyVault,
      record: async () => {
        if (!pendingRecord) await controller.setUp();
        return pendingRecord
          ? { ok: true, value: pendingRecord }
          : { ok: false, error: { code: 'SYNC_NOT_READY', message: 'this vault needs no key', status: 0 } };
      },
      adoptKey,
    }),
    /** Settings → Sync → Sync diagnostics: the local log of push lags and edit-to-device latencies */
    diagnostics: { read: diagnostics.read, clear: diagnostics.clear, settled: diagnostics.settled },
    requestPush: () => engine?.requestPush(),
    /** the app came to the foreground: a parked outbox polls the client policy (spec 3.1) */
    foreground: () => engine?.foreground(),
    /** a Yjs update of this note was queued (its per-note 1 s window, spec 4.2.2) */
    bodyChanged: (docId: string) => engine?.bodyChanged(docId),
    syncNow: async () => {
      await engine?.syncNow();
    },
    /** Signs out: the session ends, record rows are cleared, body rows survive (spec 4.2.2). */
    async signOut(): Promise<void> {
      engine?.stop();
      engine = null;
      stopLeading();
      const session = await tokens.load();
      if (session)
        await (await http()).anon('POST', '/auth/sign-out', {
          body: { refreshToken: session.refreshToken },
          auth: false,
        });
      await tokens.save(null);
      await db.syncQueue
        .where('[kind+state]')
        .anyOf([
          ['record', 'queued'],
          ['record', 'exhausted'],
          ['record', 'failed'],
        ])
        .delete();
      await notify();
    },
    stop() {
      engine?.stop();
      stopLeading();
    },
  };
  return controller;
}

export type SyncController = ReturnType<typeof createSyncController>;
