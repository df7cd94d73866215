import { deriveVaultKeyring, loadOrCreateDeviceKey } from '../../sync/crypto';
import { readBilling } from '../../sync/engine/account/accountCalls';
import { createSession, type TokenStore } from '../../sync/engine/account/session';
import { BINDING_HOLD, type Binding, type BindingHold } from '../../sync/engine/binding/bindingFlow';
import type { SyncCall } from '../../sync/engine/http/syncHttp';
import type { OutboxPort, StatePort } from '../../sync/engine/ports';
import { createSyncSocket } from '../../sync/engine/socket/syncSocket';
import { createSyncEngine, type SyncEngine } from '../../sync/engine/syncEngine';
import { STATUS_OFF, type SyncStatus, withFiles } from '../../sync/engine/syncStatus';
import type { SyncTelemetry } from '../../sync/engine/telemetry/syncTelemetry';
import { ATTACHMENT_MANIFEST_TYPE } from '../../sync/protocol/attachments';
import { applyRecords } from './applyRecords';
import { type AttachmentSync, createAttachmentSync } from './attachmentSync';
import type { SyncControllerDeps } from './controllerTypes';
import { createLocalRecords } from './localRecords';
import { opfsPackFiles } from './opfsPackFiles';
import { readRecord } from './recordPayloads';
import { BINDING, createDeviceKeyStore, SYNC_PAUSED, SYNC_VAULT_ID, VAULT_KEY } from './syncStateStore';
import { SYNC_RECORD_TYPES } from './syncTypes';

/** Set by the controller when another device revoked this one; cleared by the next sign-in. */
export const REVOKED = 'deviceRevoked';
/**
 * Set when the service refused this install's signatures because its signing key is not the one
 * its device id is registered under (spec 5.4): the session was torn down so that signing in again
 * registers the device anew. Cleared by the next sign-in. The queue is kept for that session.
 */
export const KEY_MISMATCH_SIGNED_OUT = 'deviceKeyMismatchSignedOut';

export interface EngineHostDeps {
  controller: SyncControllerDeps;
  state: StatePort;
  outbox: OutboxPort;
  telemetry: SyncTelemetry;
  /** the signed-in session's tokens (the engine starts only with one; the socket uses them) */
  tokens: TokenStore;
  /** authenticated and anonymous calls to the vault's service */
  http: () => Promise<{ anon: SyncCall; call: SyncCall }>;
  serviceUrl: () => Promise<string>;
  /** the state the UI sees changed */
  notify: () => Promise<void>;
}

/**
 * The engine's side of the sync controller: builds the engine over the vault's ports (records,
 * bodies, outbox, state) once this vault is signed in, bound for sync to that account and holds
 * its key; runs it (and its socket) only while this tab leads the vault; stops it when another
 * device revokes this one; and replaces it when a new vault key is adopted (a key found stale,
 * docs/sync-client.md "A refused page"). Its last status is what the UI sees.
 */
export function createEngineHost(deps: EngineHostDeps) {
  const { db } = deps.controller;
  const { state } = deps;
  let engine: SyncEngine | null = null;
  let files: AttachmentSync | null = null;
  let lastStatus: SyncStatus = STATUS_OFF;
  let stopLeading: () => void = () => {};
  /** the session was ended here (revoked, or a key the service no longer knows): act once until a sign-in */
  let tornDown = false;
  /**
   * Spec 3.8 "sync pause": written through the state port; only the not-paused answer is kept in
   * memory (a pause from another tab clears it through `pauseChanged`).
   */
  let notPaused = false;
  async function isPaused(): Promise<boolean> {
    if (notPaused) return false;
    const paused = (await state.get<boolean>(SYNC_PAUSED)) === true;
    if (!paused) notPaused = true;
    return paused;
  }
  async function pausedStatus(): Promise<SyncStatus> {
    const counts = await deps.outbox.counts();
    return { ...STATUS_OFF, phase: 'paused', queued: counts.queued, deadLetters: counts.deadLetters };
  }

  async function startIfReady(): Promise<void> {
    if (engine) return;
    const session = await deps.tokens.load();
    const vaultKey = await state.get<Uint8Array>(VAULT_KEY);
    const syncVaultId = await state.get<string>(SYNC_VAULT_ID);
    if (!session || !vaultKey || !syncVaultId) return;
    // checked before any sync service is built (spec 3.5): only a vault bound for sync to THIS account
    const binding = await state.get<Binding>(BINDING);
    const hold = await state.get<BindingHold | null>(BINDING_HOLD);
    if (hold || binding?.mode !== 'sync' || binding.userId !== session.userId) return;
    if ((await state.get<boolean>(REVOKED)) === true) return; // revoked: nothing more until a sign-in
    if (await isPaused()) {
      lastStatus = await pausedStatus();
      return;
    }
    const key = await loadOrCreateDeviceKey(createDeviceKeyStore(db), deps.controller.subtle);
    if (!key.ok) return;
    const c = deps.controller;
    const { call, anon } = await deps.http();
    const created = createSyncEngine({
      call,
      outbox: deps.outbox,
      records: {
        read: (type, id) => readRecord(db, type, id),
        // ITEM_SYNCED (spec 6.2): told after the slice's transaction committed, changed rows only
        apply: async (items, orphans) => {
          const out = await applyRecords(db, items, c.now, c.installDeviceId, orphans);
          if (out.changed.length > 0) c.onApplied(out.changed);
          // a manifest or a file's record arrived: its bytes may be fetched now
          if (out.changed.some((x) => x.type === ATTACHMENT_MANIFEST_TYPE || x.type === 'note'))
            files?.kick();
          return out;
        },
        ...createLocalRecords(db, c.now, c.installDeviceId),
      },
      bodies: c.bodies,
      state,
      keyring: deriveVaultKeyring(vaultKey, syncVaultId),
      signer: { key: key.key, deviceId: session.deviceId },
      types: SYNC_RECORD_TYPES,
      now: c.now,
      appVersion: c.appVersion,
      timers: c.timers,
      snapshotDelays: c.snapshotDelays,
      onStatus: (s) => {
        // a replaced engine (adoptKey) may still report from the cycle it was in: not this vault's state
        if (engine !== created) return;
        lastStatus = s;
        if (s.error?.code === 'DEVICE_REVOKED') void revoked();
        if (s.error?.code === 'SYNC_INVALID_SIGNATURE')
          keyMismatch().catch((err: unknown) => {
            // the vault closing under the teardown is expected; anything else is a bug
            if ((err as { name?: string }).name !== 'DatabaseClosedError')
              console.error('sync teardown', err);
          });
        deps.notify().catch((err: unknown) => {
          // the vault closing under a last status report is expected; anything else is a bug
          if ((err as { name?: string }).name !== 'DatabaseClosedError') console.error('sync status', err);
        });
      },
      onApplied: () => {},
      telemetry: deps.telemetry,
      packs: c.packStore
        ? { fetch: c.fetch, files: await (c.packFiles ?? opfsPackFiles)(syncVaultId), store: c.packStore }
        : undefined,
    });
    engine = created;
    const keyring = deriveVaultKeyring(vaultKey, syncVaultId);
    const createdFiles = createAttachmentSync({
      db,
      call,
      fetch: c.fetch,
      keyring,
      deviceId: session.deviceId,
      now: c.now,
      timers: c.timers,
      mode: c.fileDownloadMode ?? (async () => 'all'),
      requestPush: () => created.requestPush(),
      arrived: (ids) =>
        c.onApplied(ids.map((id) => ({ type: 'note', id, table: 'notes', op: 'put' as const }))),
      changed: () => {
        if (engine !== created) return;
        deps.notify().catch((err: unknown) => {
          if ((err as { name?: string }).name !== 'DatabaseClosedError') console.error('sync status', err);
        });
      },
    });
    files = createdFiles;
    const open = c.openSocket;
    const socket = open
      ? createSyncSocket({
          baseUrl: await deps.serviceUrl(),
          vaultId: syncVaultId,
          types: SYNC_RECORD_TYPES,
          accessToken: () => createSession(deps.tokens, anon, c.now).accessToken(),
          open,
          timers: c.timers,
          onWake: (cursor) => created.wake(cursor),
          // items frames are applied directly (spec 6.1); the wake pull still runs for each
          onItems: (frame) => void created.items(frame),
          onConnection: (generation) => created.connection(generation),
          onRevoked: () => void revoked(),
        })
      : null;
    c.whileLeader(
      () =>
        new Promise<void>((release) => {
          created.start();
          // spec 8.3: the plan is read again at every start; a "no plan" holds automatic cycles
          void readBilling(call).then((res) => {
            if (res.ok && engine === created) created.planChanged(res.value.syncAllowed);
          });
          createdFiles.start();
          socket?.start();
          stopLeading = () => {
            socket?.stop();
            createdFiles.stop();
            release();
          };
        }),
    );
  }

  /** Stops the engine and gives up leading; `startIfReady` builds a new one. */
  function stop(): void {
    engine?.stop();
    files?.stop();
    engine = null;
    files = null;
    stopLeading();
  }

  /** Another device revoked this one: sync stops here, and the state says why (until a sign-in). */
  async function revoked(): Promise<void> {
    // stopping the engine reports its status again (with the same error): act once
    if (tornDown) return;
    tornDown = true;
    stop();
    await state.set(REVOKED, true);
    await deps.notify();
  }

  /**
   * This install signs with a key its device id is not registered under (spec 5.4): every push
   * would be refused, so the session is torn down (and ended on the service) for the sign-in flow
   * to register the device again. The local device key is kept, never rewritten to match; queued
   * changes stay queued and go with the next session.
   */
  async function keyMismatch(): Promise<void> {
    if (tornDown) return;
    tornDown = true;
    // the refusal stays the status (stopping reports "off"): the indicator says why sync stopped
    const refused = lastStatus;
    stop();
    lastStatus = refused;
    const session = await deps.tokens.load();
    if (session) {
      const { anon } = await deps.http();
      await anon('POST', '/auth/sign-out', { body: { refreshToken: session.refreshToken }, auth: false });
    }
    await deps.tokens.save(null);
    await state.set(KEY_MISMATCH_SIGNED_OUT, true);
    await deps.notify();
  }

  /** Pauses this vault's sync: the engine stops (a run in flight ends first); edits keep queueing. */
  async function pause(): Promise<void> {
    notPaused = false;
    await state.set(SYNC_PAUSED, true);
    await applyPause();
  }
  /** Resumes: the engine starts again (in the leading tab) and sends what waited. */
  async function resume(): Promise<void> {
    await state.set(SYNC_PAUSED, false);
    notPaused = true;
    await applyPause();
  }
  /** The stored pause as it is now (this tab's change, or another tab's): the engine follows it. */
  async function applyPause(): Promise<void> {
    if (await isPaused()) {
      if (engine) stop();
      lastStatus = await pausedStatus();
    } else {
      if (lastStatus.phase === 'paused') lastStatus = STATUS_OFF;
      await startIfReady();
      await engine?.syncNow();
    }
    await deps.notify();
  }

  return {
    startIfReady,
    stop,
    pause,
    resume,
    /** another tab paused or resumed this vault's sync */
    pauseChanged: async () => {
      notPaused = false;
      await applyPause();
    },
    /** whether sync is paused (read through the state port unless known not paused) */
    isPaused,
    /** the status as the UI should see it now: while paused, with the count of what waits read afresh */
    async currentStatus(): Promise<SyncStatus> {
      if (!engine && lastStatus.phase === 'paused') lastStatus = await pausedStatus();
      return withFiles(lastStatus, lastStatus.phase === 'off' ? null : (files?.counts() ?? null));
    },
    /** the last status of the running engine (or of the last one, once stopped) */
    status: () => withFiles(lastStatus, lastStatus.phase === 'off' ? null : (files?.counts() ?? null)),
    /** what the running engine's pack bootstrap did, with its timings (null: none ran) */
    packSeed: () => engine?.packSeed() ?? null,
    /** file sync of the running engine (null before one starts) */
    files: () => files,
    /** a sign-in: a later revocation or key mismatch is acted on again */
    signedIn() {
      tornDown = false;
    },
    /** A new vault key (restored or linked): stored, and the engine restarted under it. */
    async adoptKey(vaultId: string, vaultKey: Uint8Array): Promise<void> {
      // a device whose key was stale runs an engine under it: the new key needs a new engine
      if (engine) {
        stop();
        lastStatus = { ...lastStatus, error: null };
      }
      await state.set(VAULT_KEY, vaultKey);
      await state.set(SYNC_VAULT_ID, vaultId);
      await startIfReady();
    },
    requestPush: () => {
      engine?.requestPush();
      files?.kick();
      // paused: nothing is sent, but the UI re-reads the count of what waits
      if (!engine && lastStatus.phase === 'paused') deps.notify().catch(() => undefined);
    },
    foreground: () => engine?.foreground(),
    /** a plan read (Settings, reconcile): the engine's negative paid-cache follows it */
    planChanged: (syncAllowed: boolean) => engine?.planChanged(syncAllowed),
    bodyChanged: (docId: string) => engine?.bodyChanged(docId),
    syncNow: async () => {
      await engine?.syncNow();
    },
    /** the vault closing: the engine stops, leadership is released (the engine object stays) */
    close() {
      engine?.stop();
      files?.stop();
      stopLeading();
    },
  };
}

export type EngineHost = ReturnType<typeof createEngineHost>;
