import type { SocketLike } from '../../sync/engine/socket/syncSocket';
import { ChangeFeed } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';
import { createNoteBodies } from '../stores/noteBodies';
import { createBodyPort } from './applyRemoteBody';
import { downloadModeOf } from './attachmentDownloads';
import { DIAGNOSTICS_TABLE } from './diagnosticsLog';
import { outboxMiddleware } from './outboxMiddleware';
import { createPackStore } from './packStore';
import { createSyncController, type SyncController } from './syncController';
import { APP_VERSION } from './syncTypes';

export interface AttachSyncInput {
  db: VaultDb;
  vaultId: string;
  vaultName: string;
  deviceId: string;
  now: () => number;
  newId: () => string;
  locks: LockManager;
  openChannel: (name: string) => BroadcastChannel;
  /** the raw stored value of a device setting of the `sync` group (e.g. `syncAttachments`) */
  readSyncSetting?: (field: string) => Promise<unknown>;
  /** before joining an account's existing vault (controllerTypes.ts `beforeJoin`) */
  beforeJoin?: () => Promise<void>;
}

const controllers = new WeakMap<VaultDb, SyncController>();

/** The change-feed name that tells the other tabs sync was paused or resumed (not a table). */
const SYNC_PAUSE_TABLE = 'syncPause';
const SYNC_PLAN_TABLE = 'syncPlan';

/** The sync controller of an open vault database (vaultApi's `sync` namespace). */
export function syncOf(db: VaultDb): SyncController | null {
  return controllers.get(db) ?? null;
}

/**
 * Composition root of sync in the vault worker. Call BEFORE `db.open()`: it installs the outbox
 * middleware (which must be in the DBCore stack when the database opens), then starts the
 * controller once the database is open. The engine runs only in the tab holding the Web Lock
 * `cairn:sync:<vaultId>` (one engine per vault across tabs). It has its own change feed and note
 * body store on the vault's channels, so what it applies reaches every tab, this one included,
 * and it hears writes made in other tabs (which their own middleware queued) to push them.
 */
export function attachSync(input: AttachSyncInput): SyncController {
  const { db } = input;
  let controller: SyncController | null = null;
  db.use(
    outboxMiddleware({
      deviceId: input.deviceId,
      now: input.now,
      onEnqueue: (bodyDocIds) => {
        if (bodyDocIds.length === 0) controller?.requestPush();
        for (const docId of bodyDocIds) controller?.bodyChanged(docId);
      },
    }),
  );
  const feed = new ChangeFeed(input.vaultId, input.openChannel(`cairn:changes:${input.vaultId}`));
  const services = {
    vaultId: input.vaultId,
    db,
    feed,
    now: input.now,
    newId: input.newId,
    deviceId: input.deviceId,
  };
  const bodies = createNoteBodies(services, input.openChannel(`cairn:crdt:${input.vaultId}`));
  controller = createSyncController({
    db,
    installDeviceId: input.deviceId,
    vaultName: input.vaultName,
    now: input.now,
    fetch: (...args) => fetch(...args),
    subtle: globalThis.crypto?.subtle,
    randomUUID: () => crypto.randomUUID(),
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    },
    defaultServiceUrl: import.meta.env.VITE_SYNC_URL ?? 'http://127.0.0.1:8787',
    appVersion: APP_VERSION,
    packStore: createPackStore(db, bodies),
    bodies: createBodyPort(db, bodies, input.deviceId, async (docId) => {
      // a journal entry's row mirrors its body: its views refresh like after a record change
      if (await db.journal.get(docId)) feed.committed([{ table: 'journal', op: 'put', ids: [docId] }]);
    }),
    onApplied: (changes) => {
      const byTable = new Map<string, { put: string[]; delete: string[] }>();
      for (const c of changes) {
        const t = byTable.get(c.table) ?? { put: [], delete: [] };
        t[c.op].push(c.id);
        byTable.set(c.table, t);
      }
      feed.committed(
        [...byTable].flatMap(([table, ids]) => [
          { table, op: 'put' as const, ids: ids.put },
          { table, op: 'delete' as const, ids: ids.delete },
        ]),
      );
    },
    fileDownloadMode: async () => downloadModeOf(await input.readSyncSetting?.('syncAttachments')),
    announceDiagnostics: (op, ids) => feed.committed([{ table: DIAGNOSTICS_TABLE, op, ids }]),
    announcePause: () => feed.committed([{ table: SYNC_PAUSE_TABLE, op: 'put', ids: ['syncPaused'] }]),
    ...(input.beforeJoin ? { beforeJoin: input.beforeJoin } : {}),
    announcePlanAllowed: () => feed.committed([{ table: SYNC_PLAN_TABLE, op: 'put', ids: ['allowed'] }]),
    // the DOM handler types name WebSocket's own event classes; SocketLike uses the fields it reads
    openSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    whileLeader: (fn) => {
      input.locks
        .request(`cairn:sync:${input.vaultId}`, fn)
        .catch((err: unknown) => console.error('sync lock failed', err));
    },
  });
  feed.subscribe((batch) => {
    if (batch.origin !== 'tab') return;
    if (batch.changes.some((c) => c.table === SYNC_PAUSE_TABLE)) void controller?.pauseChanged();
    else if (batch.changes.some((c) => c.table === SYNC_PLAN_TABLE)) controller?.planAllowed();
    else controller?.requestPush();
  });
  controllers.set(db, controller);
  db.on('ready', () => {
    void controller?.init();
  });
  return controller;
}
