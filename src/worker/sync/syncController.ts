import { loadOrCreateDeviceKey, type VaultKeyRecord } from '../../sync/crypto';
import {
  keepRecoverySecret,
  makeNewRecoveryKey,
  showRecoveryKey,
} from '../../sync/engine/account/recoveryKeyAgain';
import { createSession } from '../../sync/engine/account/session';
import { oauthConfig, requestCode, signIn, signInWithSetupToken } from '../../sync/engine/account/signIn';
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
import { isFreshDevice } from '../../sync/engine/pull/freshDevice';
import { VAULT_KEY_MISMATCH } from '../../sync/engine/pull/refusedPage';
import type { SessionTokens } from '../../sync/protocol/auth';
import { createAccountScreens } from './accountScreens';
import { createBindingFacts } from './bindingFacts';
import type { Answer, SetUpAnswer, SyncControllerDeps, SyncState } from './controllerTypes';
import { createDexieOutbox } from './dexieOutbox';
import { createDiagnosticsLog } from './diagnosticsLog';
import { createEngineHost, KEY_MISMATCH_SIGNED_OUT, REVOKED } from './engineHost';
import {
  BINDING,
  createDeviceKeyStore,
  createStatePort,
  createTokenStore,
  SERVICE_URL,
  SYNC_VAULT_ID,
  VAULT_KEY,
} from './syncStateStore';
import { CLIENT_HEADER } from './syncTypes';

export type { SetUpAnswer, SyncControllerDeps, SyncState } from './controllerTypes';

const NOT_READY = {
  ok: false as const,
  error: { code: 'SYNC_NOT_READY', message: 'this device does not hold the vault key yet' },
};

/** whether the signed-in account has a vault to merge with (the binding question's third button) */
const MERGE_TARGET = 'bindingMergeTarget';

/**
 * The worker half of sync: sign-in with an email code, vault key set-up (recovery key shown
 * once) or restore, then the engine, started only in the tab that leads the vault (engineHost.ts).
 * All state is in the vault's syncState table, so a reload resumes where it stopped.
 */
export function createSyncController(deps: SyncControllerDeps) {
  const { db } = deps;
  const state = createStatePort(db);
  const tokens = createTokenStore(db);
  const outbox = createDexieOutbox(db, deps.now);
  // sync_run_completed events stay on this device (spec 6.2; docs/sync-client.md)
  const diagnostics = createDiagnosticsLog({ db, announce: deps.announceDiagnostics });
  const listeners = new Set<(s: SyncState) => void>();
  let pendingRecord: VaultKeyRecord | null = null;

  const serviceUrl = async () => (await state.get<string>(SERVICE_URL)) || deps.defaultServiceUrl;
  async function http() {
    const base = { baseUrl: await serviceUrl(), fetch: deps.fetch, clientHeader: CLIENT_HEADER };
    const anon = createSyncHttp(base, null);
    return { anon, call: createSyncHttp(base, createSession(tokens, anon, deps.now)) };
  }

  // the engine's side: built, led, revoked and replaced there
  const host = createEngineHost({
    controller: deps,
    state,
    outbox,
    telemetry: diagnostics.telemetry,
    tokens,
    http,
    serviceUrl,
    notify,
  });
  const startIfReady = () => host.startIfReady();

  async function snapshot(): Promise<SyncState> {
    const session = await tokens.load();
    const email = await state.get<string>('email');
    const ready = (await state.get(VAULT_KEY)) !== undefined;
    const hold = (await state.get<BindingHold | null>(BINDING_HOLD)) ?? null;
    const binding = await state.get<Binding>(BINDING);
    const local = binding?.mode === 'local' && binding.userId === session?.userId;
    // the pull found this device's key is not the account's (refusedPage.ts): the key is asked for
    // again, the stored one kept (and the engine still retrying) until a key the record names replaces it
    const lastStatus = await host.currentStatus();
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
      keyMismatchSignedOut: (await state.get<boolean>(KEY_MISMATCH_SIGNED_OUT)) === true,
      paused: await host.isPaused(),
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

  async function adoptKey(vaultId: string, vaultKey: Uint8Array): Promise<void> {
    pendingRecord = null;
    // Joining a vault other devices made: nothing pulled yet means this device's own welcome note
    // was never in it. (A device re-adopting a changed key has pulled: its notes are the vault's.)
    if (await isFreshDevice(state)) await deps.beforeJoin?.();
    await host.adoptKey(vaultId, vaultKey);
    await notify();
  }

  async function readyVault(): Promise<{ vaultId: string; vaultKey: Uint8Array } | null> {
    const vaultKey = await state.get<Uint8Array>(VAULT_KEY);
    const vaultId = await state.get<string>(SYNC_VAULT_ID);
    return vaultKey && vaultId ? { vaultId, vaultKey } : null;
  }

  /** A new session (code or identity provider): kept, its binding decided (spec 3.5). */
  async function signedIn(session: SessionTokens, email: string): Promise<Answer<SyncState['setup']>> {
    await tokens.save(session);
    await state.set('email', email);
    await state.set(REVOKED, false);
    await state.set(KEY_MISMATCH_SIGNED_OUT, false);
    host.signedIn();
    await decideBinding();
    await notify();
    return { ok: true, value: (await snapshot()).setup };
  }

  const controller = {
    init: () => startIfReady(),
    /** the pack bootstrap of this engine (spec 3.7): counts and per-stage times (bench, tests) */
    packSeed: () => host.packSeed(),
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
    /** The identity provider the service offers: its button's name and where the browser starts (docs/oauth.md). */
    async oauthOffer(redirectUri: string): Promise<{ name: string; url: string } | null> {
      const config = await oauthConfig((await http()).anon);
      if (!config.browser) return null;
      const url = new URL('/auth/oauth/idp', await serviceUrl());
      url.searchParams.set('redirect_uri', redirectUri);
      return { name: config.browser.name, url: url.href };
    },
    /** Signs in with the setup token an identity provider's round trip brought back. */
    async signInWithSetupToken(setupToken: string, deviceName: string): Promise<Answer<SyncState['setup']>> {
      const key = await loadOrCreateDeviceKey(createDeviceKeyStore(db), deps.subtle);
      if (!key.ok) return { ok: false, error: key.error };
      const res = await signInWithSetupToken((await http()).anon, {
        setupToken,
        deviceName,
        publicKey: key.key.publicKey,
      });
      if (!res.ok) return res;
      return signedIn(res.value, res.value.email);
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
      return signedIn(res.value, email);
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
      planChanged: (syncAllowed) => {
        host.planChanged(syncAllowed);
        if (syncAllowed) deps.announcePlanAllowed?.();
      },
    }),
    /** Settings → Sync → Sync diagnostics: the local log of push lags and edit-to-device latencies */
    diagnostics: { read: diagnostics.read, clear: diagnostics.clear, settled: diagnostics.settled },
    requestPush: host.requestPush,
    /** the app came to the foreground: a parked outbox polls the client policy (spec 3.1) */
    foreground: host.foreground,
    /** a Yjs update of this note was queued (its per-note 1 s window, spec 4.2.2) */
    bodyChanged: host.bodyChanged,
    syncNow: host.syncNow,
    /** where a file's bytes are (the file view); opening one fetches it first. Null: sync is not running */
    files: {
      state: async (fileId: string) => (await host.files()?.state(fileId)) ?? null,
      open: async (fileId: string, force = false) => (await host.files()?.open(fileId, force)) ?? null,
      /** runs file sync until its queues are idle (tests, bench) */
      settle: async () => {
        await host.files()?.settle();
      },
    },
    /** Pauses this vault's sync on this device (spec 3.8): nothing is sent or fetched until resumed. */
    async pause(): Promise<void> {
      await host.pause();
      deps.announcePause?.();
    },
    async resume(): Promise<void> {
      await host.resume();
      deps.announcePause?.();
    },
    /** another tab of this vault paused or resumed sync */
    pauseChanged: () => host.pauseChanged(),
    /** another tab saw the plan allow sync: this tab's engine (if it leads) stops holding */
    planAllowed: () => host.planChanged(true),
    /** Signs out: the session ends, record rows are cleared, body rows survive (spec 4.2.2). */
    async signOut(): Promise<void> {
      host.stop();
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
    /** the vault closing: the engine stops and leadership is released */
    stop: host.close,
  };
  return controller;
}

export type SyncController = ReturnType<typeof createSyncController>;
