import type { DeviceSigningKey, VaultKeyring } from '../crypto';
import { NOTE_BODY_TOKEN, PURGED_TOMBSTONES_TOKEN } from '../protocol/item-types';
import { createBootstrapSession, withBootstrapToken } from './bootstrap/bootstrapSession';
import { categorize, type SyncError } from './http/syncError';
import type { SyncCall } from './http/syncHttp';
import { type PackSeedReport, packBootstrap } from './packs/packBootstrap';
import type { PackPlatform } from './packs/packPorts';
import { settleSeeds } from './packs/settleSeeds';
import { createPaidGate } from './paidGate';
import type { BodyPort, OutboxPort, RecordPort, StatePort } from './ports';
import { isFreshDevice } from './pull/freshDevice';
import { createKeyDirectory } from './pull/keyDirectory';
import { manifestCheck } from './pull/manifestCheck';
import { createOwnPushes } from './pull/ownPushes';
import { createPeriodicSweep } from './pull/periodicSweep';
import { CORRUPT_ITEMS, pullChanges, QUARANTINE } from './pull/pullChanges';
import { KEY_MISMATCH_MET, keyFoundStale, refusalOf } from './pull/refusedPage';
import type { SessionRevisions } from './pull/sweepBodies';
import { createVaultKeyCheck } from './pull/vaultKeyCheck';
import { BatchSize } from './push/batchSize';
import { createBodyWindows } from './push/bodyWindows';
import { writesAllowed } from './push/clientPolicy';
import { compactBodies } from './push/compactBodies';
import { createDeadLetterProbe, DEAD_LETTER_PURGE_MIN, retentionCutoff } from './push/deadLetters';
import { createFirstPushKeyCheck } from './push/firstPushKeyCheck';
import { pushBodies } from './push/pushBodies';
import { pushRecords } from './push/pushRecords';
import { createSnapshotSchedule, type SnapshotDelays } from './push/snapshotSchedule';
import { createRateHold } from './rateHold';
import type { ItemsFrame } from './socket/socketItemsApplier';
import { createSocketLink } from './socket/socketLink';
import { phaseOf, STATUS_OFF, type SyncStatus } from './syncStatus';
import { createEngineTelemetry } from './telemetry/engineTelemetry';
import type { SyncTelemetry } from './telemetry/syncTelemetry';

export const PUSH_DEBOUNCE_MS = 300;
export const PULL_TICK_MS = 60_000;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface EngineDeps {
  call: SyncCall;
  outbox: OutboxPort;
  records: RecordPort;
  bodies: BodyPort;
  state: StatePort;
  keyring: VaultKeyring;
  signer: { key: DeviceSigningKey; deviceId: string };
  /** record types this build syncs (X-Svc-Sync-Types); `note_body` is added for the feed */
  types: readonly string[];
  now: () => number;
  /** this build's app version: a schema-invalid item is retried when another one runs (3.8, 9.9) */
  appVersion: string;
  timers: Timers;
  onStatus: (status: SyncStatus) => void;
  /** the snapshot schedule's delays (spec 4.3.11 values when absent; tests shorten them) */
  snapshotDelays?: SnapshotDelays | undefined;
  /** told after commit, with only the rows that changed (ITEM_SYNCED, spec 6.2) */
  onApplied: (changed: { type: string; id: string }[]) => void;
  /** `sync_run_completed` events (spec 6.2); absent: nothing is measured */
  telemetry?: SyncTelemetry | undefined;
  /** the pack bootstrap's platform (spec 3.7); absent: a fresh device uses the item path only */
  packs?: PackPlatform | undefined;
}

/**
 * The sync cycle: push records, push bodies, pull (records then bodies), serially, one cycle at a
 * time. A push request goes out at once when the last cycle started more than 300 ms ago, else
 * rides one trailing timer; a request during a cycle runs one more cycle after it (spec 4.2.1).
 * A 60 s tick pulls; after a 429 the next cycle runs when its `Retry-After` ends, and nothing is
 * sent before (rateHold.ts). After stop() nothing is sent. A 426/403 write refusal parks the outbox
 * (rows kept, attempts stopped, pulls go on); every later cycle (tick, wake, `foreground()`) first
 * polls the client policy and resumes pushing by itself once writes are allowed (3.1).
 */
export function createSyncEngine(deps: EngineDeps) {
  const batch = new BatchSize();
  const routes = { batchMissing: false };
  const session: SessionRevisions = new Map();
  const periodic = createPeriodicSweep();
  const own = createOwnPushes();
  const deadLetters = createDeadLetterProbe();
  const schedule = createSnapshotSchedule({
    now: deps.now,
    timers: deps.timers,
    flush: () => void run(),
    delays: deps.snapshotDelays,
  });
  const windows = createBodyWindows({ now: deps.now, timers: deps.timers, flush: () => void run(false) });
  const rate = createRateHold({ now: deps.now, timers: deps.timers, fire: () => void run() });
  // a 429 met by the pull holds only the pull (its buckets are not the push's): local edits still
  // go out while a large first pull waits out `sync_changes` (issue 16 part 5)
  const pullHold = createRateHold({ now: deps.now, timers: deps.timers, fire: () => void run() });
  const telemetry = createEngineTelemetry({ ...deps, deviceId: deps.signer.deviceId });
  const firstPush = createFirstPushKeyCheck(deps.outbox);
  let stopped = true;
  let running: Promise<void> | null = null;
  let again = false;
  let lastStart = 0;
  let timer: unknown = null;
  let tick: unknown = null;
  let parked = false;
  // spec 8.3: a "no active plan" answer holds automatic cycles for an hour (paidGate.ts)
  const paid = createPaidGate(deps.now);
  let mismatchReported = false;
  let repaired = false;
  // the cursor the last completed pull reached (in memory: after a restart every wake pulls)
  let pulledThrough = -1;
  // a trigger other than a local edit asked for a pull since the last cycle began (push-only
  // cycles: docs/sync-client.md)
  let pullAsked = true;
  // the last cycle that pulled read the feed to its end (a failed pull is asked again by the next cycle)
  let lastPullDone = false;
  let status: SyncStatus = STATUS_OFF;
  // the pack bootstrap runs at most once per engine (a restart of a still-fresh device runs it again)
  let packsTried = false;
  let packSeed: PackSeedReport | null = null;
  const sleep = (ms: number) => new Promise<void>((resolve) => deps.timers.setTimeout(resolve, ms));
  const feedTypes = [...deps.types, NOTE_BODY_TOKEN, PURGED_TOMBSTONES_TOKEN];
  // a fresh device's first pull runs under a bootstrap session (elevated pull buckets)
  const bootstrap = createBootstrapSession({ call: deps.call, vaultId: deps.keyring.vaultId, now: deps.now });
  // socket frames: their items applier, the tick skip, the busy gate and the owned-through mark
  const link = createSocketLink({
    ...deps,
    halted: () => stopped || rate.held() || status.error?.category === 'offline',
    onFrameApplied: telemetry.socketFrame,
  });
  const pullCall = link.pullCall(withBootstrapToken(deps.call, bootstrap));

  async function publish(error: SyncStatus['error'] | undefined, synced: boolean) {
    const counts = await deps.outbox.counts();
    const quarantined = Object.keys((await deps.state.get<Record<string, unknown>>(QUARANTINE)) ?? {}).length;
    const corrupt = Object.keys((await deps.state.get<Record<string, unknown>>(CORRUPT_ITEMS)) ?? {}).length;
    const { schemaInvalid = 0, ...shown } = counts;
    // a clean run with items retired by the pre-send check still says so (spec 4.2.3, part 8)
    const invalid: SyncStatus['error'] =
      schemaInvalid > 0
        ? {
            category: 'schema_invalid',
            code: 'SCHEMA_INVALID',
            message: `${schemaInvalid} item${schemaInvalid === 1 ? '' : 's'} could not be sent: not valid for sync`,
          }
        : null;
    const next = {
      ...shown,
      quarantined,
      corrupt,
      error: error === undefined ? status.error : (error ?? invalid),
      lastSyncedAt: synced ? deps.now() : status.lastSyncedAt,
    };
    status = {
      ...next,
      phase: stopped ? 'off' : phaseOf(next, running !== null && !synced && error === undefined, parked),
    };
    deps.onStatus(status);
  }

  const NOTE_TOO_LARGE = 'NOTE_TOO_LARGE';
  function errorOf(e: SyncError): SyncStatus['error'] {
    if (e.code === NOTE_TOO_LARGE) return { category: 'note_too_large', code: e.code, message: e.message };
    return { category: categorize(e), code: e.code, message: e.message };
  }

  async function cycle(): Promise<void> {
    lastStart = deps.now();
    const pulls = pullAsked || !lastPullDone || !link.pushOnlyAllowed(pulledThrough);
    pullAsked = false;
    if (pulls) {
      link.cycleStarted();
      lastPullDone = false;
    }
    const measured = telemetry.begin();
    const isStopped = () => stopped;
    let bodyTooLarge: SyncError | null = null;
    await publish(undefined, false);
    const keys = createKeyDirectory(deps.call);
    // this device's vault key against the account's record: asked at most once a cycle, by the
    // first push's check or by the pull when something does not open
    const keyCheck = createVaultKeyCheck(deps);
    // the account's record names another key: nothing is sealed in this cycle (firstPushKeyCheck.ts)
    let keyStale = false;
    const sealable = async () => {
      keyStale = !(await firstPush(keyCheck));
      return !keyStale;
    };
    const pushQueued = () =>
      link.busy(() =>
        pushRecords({
          ...deps,
          pushAccepted: measured.pushAccepted,
          committed: own.committed,
          batch,
          types: deps.types,
          stopped: isStopped,
        }),
      );
    // A fresh device seeds note bodies from packs first (spec 3.7): its first pull's snapshot
    // entries then skip their baseline GETs (the revision is merged). Before the pushes, so that
    // a device creating a large vault never lists and downloads packs of what it just pushed.
    if (!packsTried && deps.packs !== undefined && (await isFreshDevice(deps.state))) {
      packsTried = true;
      packSeed = await packBootstrap({
        ...deps,
        types: feedTypes,
        keys,
        session,
        sleep,
        stopped: isStopped,
        platform: deps.packs,
      });
      if (isStopped()) return;
    }
    if (parked && (await writesAllowed(deps.call, deps.keyring.vaultId))) parked = false;
    // a vault key a pull found stale seals nothing: the pull still runs, and the push after it
    // (below) sends the queue once the held page passes under a key the account names
    if (!parked && !(await keyFoundStale(deps.state)) && (await sealable())) {
      // orphan repair (4.2.6): once per start, before the first push of the run
      if (!repaired) {
        await deps.records.repairOrphans();
        repaired = true;
      }
      const pushed = await pushQueued();
      if (pushed.kind === 'stopped') return fail(pushed.error);
      const bodies = await link.busy(() =>
        pushBodies({
          ...deps,
          keys,
          routes,
          session,
          due: windows.takeIfDue,
          onUpdatePushed: schedule.updated,
          stopped: isStopped,
        }),
      );
      // a body too large for the service stays queued and is reported at the end of the run:
      // it must not stop the pull, or one big note would keep this device from receiving anything
      if (bodies.error?.code === NOTE_TOO_LARGE) bodyTooLarge = bodies.error;
      else if (bodies.error) return fail(bodies.error);
    }
    // the pull's bucket is spent (a 429 on a pull route): the pushes above went out, the pull
    // waits for its Retry-After (pullHold fires the next cycle then); the error stays shown
    if (pullHold.held()) return publish(undefined, false);
    // a local edit's cycle while the socket is live: the others' changes arrive as wakes, and
    // reading this device's own rows back would spend the account's `sync_changes` on nothing
    if (!pulls && !parked && !keyStale) return publish(bodyTooLarge ? errorOf(bodyTooLarge) : null, true);
    await bootstrap.openIfFresh(deps.state);
    const pullDeps = {
      ...deps,
      call: measured.pullCall(pullCall),
      records: measured.pullRecords(link.pullRecords(deps.records)),
      keys,
      keyCheck,
      session,
      types: feedTypes,
      stopped: isStopped,
      own,
      // the records packs found by this engine's pack bootstrap: its first pull from 0 only
      recordPacks: packSeed?.recordPages,
    };
    const pulled = await link.pulling(() => pullChanges(pullDeps));
    // committed slices are announced even when a later page failed (spec 6.2)
    if (pulled.changed.length > 0) deps.onApplied(pulled.changed);
    if (pulled.kind === 'stopped') return fail(pulled.error, 'pull');
    pulledThrough = pulled.cursor;
    lastPullDone = true;
    // the pull delivered: seeded docs settle now (or finish settling after a crash), spec 3.7.6
    const settling = performance.now();
    if (deps.packs) await settleSeeds({ state: deps.state, store: deps.packs.store, session });
    if (packSeed) packSeed.settle += performance.now() - settling;
    own.pulledThrough(pulled.cursor);
    const checked = await manifestCheck(pullDeps, { pushAllowed: !parked });
    if (checked.error) return fail(checked.error, 'pull');
    if (checked.changed.length > 0) deps.onApplied(checked.changed);
    // the first sync's pull is complete: the session's slot goes back to the account
    if (!isStopped()) await bootstrap.close();
    if (isStopped()) return;
    // after a completed pull only: a fresh device's first pull counts as the first pass (4.3.10)
    const swept = await periodic.step({ ...deps, keys, session }, pulled);
    if (swept) return fail(swept, 'pull');
    const due = parked || keyStale ? [] : schedule.takeDue();
    if (due.length > 0) {
      const compacted = await link.busy(() =>
        compactBodies({ ...deps, keys, routes, session, schedule, stopped: isStopped }, due),
      );
      if (compacted) return fail(compacted);
    }
    // merges that kept local changes were queued by the pull: send them in this cycle
    if (!parked && !keyStale && (await deps.outbox.counts()).queued > 0) {
      // this engine's first push may be this one (the pull passed a page held for a stale key)
      const again = (await sealable()) ? await pushQueued() : null;
      if (again?.kind === 'stopped') return fail(again.error);
    }
    // the key is stale though the pull met nothing sealed under another key: held as a refusal,
    // so the status asks for the key and nothing is sealed until a page passes under the right one
    if (keyStale) return fail(await refusalOf(deps, KEY_MISMATCH_MET));
    await publish(bodyTooLarge ? errorOf(bodyTooLarge) : null, true);
  }

  /** `phase` 'pull': met by the pull, the manifest check or the body sweep (pull buckets only) */
  async function fail(error: SyncError, phase: 'pull' | 'push' = 'push'): Promise<void> {
    if (error.code === 'SYNC_PAYMENT_REQUIRED') paid.deny();
    if (error.code === 'CLIENT_UPGRADE_REQUIRED' || error.code === 'PLATFORM_WRITES_DISABLED') parked = true;
    if (error.status === 429 && error.retryAfterSeconds !== undefined)
      (phase === 'pull' ? pullHold : rate).hold(error.retryAfterSeconds);
    if (error.code === 'SYNC_INVALID_SIGNATURE') {
      if (mismatchReported) return publish(undefined, false);
      mismatchReported = true;
    }
    await publish(errorOf(error), false);
  }

  /**
   * `pull`: true for every trigger that wants the feed read (tick, wake, start, Sync now, a hold's
   * end), false for a local edit's push (which pulls only when the socket is not live: push-only cycles),
   * null for the trailing cycle (it pulls when a trigger during the last cycle asked).
   */
  function run(pull: boolean | null = true): Promise<void> {
    if (pull === true) pullAsked = true;
    // during a rate-limit hold every trigger (tick, wake, push, sync now) waits for its end; while
    // the plan is known to be inactive nothing is sent (spec 8.3), the payment error stays shown
    if (stopped || rate.held() || paid.denied()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = cycle()
      .catch((err: unknown) => fail({ code: 'CLIENT_ERROR', message: String(err), status: 0 }))
      // stopped under it (the vault closing): reporting its failure fails on storage too
      .catch((err: unknown) => {
        if (!stopped) throw err;
      })
      .finally(() => {
        telemetry.end();
        running = null;
        if (again && !stopped) {
          again = false;
          void run(null);
        } else if (!stopped)
          void publish(undefined, false).catch((err: unknown) => {
            if (!stopped) console.error('sync status', err);
          });
      });
    return running;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      link.start();
      // the tick sends nothing while the socket stayed connected since the last one (4.3.1)
      tick = deps.timers.setInterval(() => {
        if (!link.tickSkips()) void run();
      }, PULL_TICK_MS);
      void run();
    },
    stop() {
      stopped = true;
      link.stop();
      windows.stop();
      schedule.stop();
      rate.stop();
      pullHold.stop();
      if (timer !== null) deps.timers.clearTimeout(timer);
      if (tick !== null) deps.timers.clearInterval(tick);
      timer = null;
      tick = null;
      // no storage read here: the database may be closing with the engine
      status = { ...status, phase: 'off' };
      deps.onStatus(status);
    },
    /** a local mutation wants a push (debounced) */
    requestPush() {
      if (stopped) return;
      if (deadLetters.shouldProbe()) {
        void deps.outbox
          .purgeDeadLetters(retentionCutoff(deps.now()), DEAD_LETTER_PURGE_MIN)
          .catch((err: unknown) => console.error('dead-letter purge failed', err));
      }
      if (timer !== null) return;
      const wait = lastStart + PUSH_DEBOUNCE_MS - deps.now();
      if (wait <= 0) {
        void run(false);
        return;
      }
      timer = deps.timers.setTimeout(() => {
        timer = null;
        void run(false);
      }, wait);
    },
    /** a Yjs update of this note was queued: the per-note 1 s window decides when it goes */
    bodyChanged(docId: string) {
      if (!stopped) windows.touched(docId);
    },
    /**
     * The socket announced data (spec 4.3.1). A wake whose cursor is at or below what this device
     * already pulled is dropped: every pull costs a request of the account-wide `sync_changes`
     * bucket (60 a minute for all devices), and each push wakes every other device.
     */
    wake(cursor?: number) {
      if (cursor !== undefined && cursor <= pulledThrough) return;
      void run();
    },
    /**
     * A frame's items (spec 2.5, 6.1): applied directly, one frame at a time, unless a pull owns
     * them already; the socket calls `wake` for the same frame, so its pull is scheduled anyway.
     * Resolves once the frame was applied or dropped.
     */
    items(frame: ItemsFrame): Promise<void> {
      return stopped ? Promise.resolve() : link.items(frame);
    },
    /** the socket opened (a new generation) or closed (null): the tick skip and the key directory */
    connection(generation: number | null) {
      link.connection(generation);
    },
    /** runs a cycle now and resolves when it (and any cycle it queued) is done */
    async syncNow() {
      // the user asks: the service is asked again, whatever the cached "no plan" said
      paid.clear();
      await run();
      while (running) await running;
    },
    /**
     * The app came to the foreground (spec 3.1): a parked outbox polls the client policy in the
     * cycle this starts, and resumes by itself when writes are allowed again.
     */
    foreground() {
      void run();
    },
    /**
     * What the account's plan allows now (`GET /auth/billing` at start, after Upgrade or a
     * reconcile): allowed lifts a cached "no plan" and syncs at once; not allowed holds automatic
     * cycles for an hour and shows why (spec 8.3).
     */
    planChanged(syncAllowed: boolean) {
      if (stopped) return;
      if (syncAllowed) {
        if (paid.clear()) void run();
        return;
      }
      paid.deny();
      if (status.error?.code !== 'SYNC_PAYMENT_REQUIRED' && running === null)
        void fail({ code: 'SYNC_PAYMENT_REQUIRED', message: 'sync needs an active paid plan', status: 402 });
    },
    status: () => status,
    /** what this engine's pack bootstrap did (null: it did not run, or the run fell back whole) */
    packSeed: () => packSeed,
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
