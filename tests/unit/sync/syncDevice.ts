import type { SnapshotDelays } from '../../../src/sync/engine/push/snapshotSchedule';
import type { SocketLike } from '../../../src/sync/engine/socket/syncSocket';
import 'fake-indexeddb/auto';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createRegistry } from '../../../src/worker/ops/registry';
import type { Result } from '../../../src/worker/ops/result';
import { trashOperations } from '../../../src/worker/ops/trash/trashOperations';
import { planningOperations } from '../../../src/worker/planning';
import { recordsOperations } from '../../../src/worker/planning/recordsOperations';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { dropUntouchedWelcome } from '../../../src/worker/stores/welcome';
import { createBodyPort } from '../../../src/worker/sync/applyRemoteBody';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { createPackStore } from '../../../src/worker/sync/packStore';
import { createSyncController } from '../../../src/worker/sync/syncController';
import { APP_VERSION } from '../../../src/worker/sync/syncTypes';
import { itemTrashesOf } from '../../../src/worker/trash/itemTrashes';
import type { VaultServices } from '../../../src/worker/vault/services';
import { nodePackFiles } from './nodePackFiles';

let n = 0;

/**
 * One device: its own vault database (fake-indexeddb) with the outbox middleware, the real notes
 * store, note bodies and planning operations, and a sync controller talking to a real local
 * service. `online(false)` makes every request fail as a network error.
 */
export async function openDevice(
  serviceUrl: string,
  name: string,
  options: {
    snapshotDelays?: SnapshotDelays;
    /** awaited before each request is sent (tests hold one to force an interleaving) */
    beforeFetch?: (method: string, path: string, init?: RequestInit) => Promise<void>;
    /** rewrites a response body before the app reads it (damage in transit, say) */
    rewriteResponse?: (method: string, path: string, body: string) => string;
    /** an existing vault's id (its database) */
    vaultId?: string;
    /** the install's device id (default: a new one); a restarted device keeps its own */
    deviceId?: string;
    /** the app version this device runs (default: the unbuilt code's) */
    appVersion?: string;
    /** runs the pack bootstrap of a fresh device (spec 3.7) with temp files in a folder (absent: item path only) */
    packs?: boolean;
    /** opens the engine's WebSocket (absent: no socket, as before) */
    openSocket?: (url: string, protocols: string[]) => SocketLike;
  } = {},
) {
  const deviceId = options.deviceId ?? `install-${name}-${++n}`;
  const db: VaultDb = openVaultDb(options.vaultId ?? `sync-device-${name}-${n}-${Date.now()}`);
  db.use(outboxMiddleware({ deviceId, now: () => Date.now() }));
  await db.open();
  const feed = new ChangeFeed('v', null);
  let id = 0;
  const services: VaultServices = {
    vaultId: 'v',
    db,
    feed,
    now: () => Date.now(),
    newId: () => `${name}-${++id}-${Math.random().toString(36).slice(2, 8)}`,
    deviceId,
  };
  const bodies = createNoteBodies(services, null);
  const notes = createNotesStore({ ...services, bodies });
  const registry = createRegistry([
    ...planningOperations(services, 'UTC'),
    ...recordsOperations(services, notes, 'UTC'),
    ...trashOperations(notes.trash, itemTrashesOf(services)),
  ]);
  let online = true;
  /** requests to fail as network errors while set (a route that is down, say) */
  let refused: ((method: string, path: string) => boolean) | null = null;
  /** answers given in the service's place while set (an intermediary's refusal, say) */
  let answered: ((method: string, path: string, url: string) => Response | null) | null = null;
  /** `METHOD /path` of every request this device sent, in order */
  const requests: string[] = [];
  /**
   * wall time with at least one request awaiting the service (network and server): requests in
   * flight together count once; `server`: the service's Server-Timing per route (bench)
   */
  const net = { ms: 0, server: new Map<string, number>() };
  /** every answered request: when it was sent (performance.now()), its round trip, the service's total (bench) */
  const timeline: { at: number; request: string; ms: number; server: number | null }[] = [];
  let open = 0;
  let openedAt = 0;
  const sync = createSyncController({
    db,
    installDeviceId: deviceId,
    vaultName: `vault of ${name}`,
    now: () => Date.now(),
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(input)).pathname;
      await options.beforeFetch?.(method, path, init);
      requests.push(`${method} ${path}`);
      if (!online || refused?.(method, path)) return Promise.reject(new TypeError('Failed to fetch'));
      const stood = answered?.(method, path, String(input));
      if (stood) return stood;
      const sentAt = performance.now();
      if (open++ === 0) openedAt = sentAt;
      const done = () => {
        if (--open === 0) net.ms += performance.now() - openedAt;
      };
      return fetch(input, init).then(
        async (res) => {
          const body = await res.arrayBuffer().finally(done);
          const serverTiming = res.headers.get('Server-Timing');
          addServerTiming(net.server, `${method} ${routeOf(path)}`, serverTiming);
          const total = /(?:^|,)\s*total;dur=([\d.]+)/.exec(serverTiming ?? '');
          timeline.push({
            at: sentAt,
            request: `${method} ${routeOf(path)}`,
            ms: performance.now() - sentAt,
            server: total ? Number(total[1]) : null,
          });
          if (!options.rewriteResponse) {
            return new Response(body, {
              status: res.status,
              statusText: res.statusText,
              headers: res.headers,
            });
          }
          const headers = new Headers(res.headers);
          headers.delete('content-length');
          const text = options.rewriteResponse(method, path, new TextDecoder().decode(body));
          return new Response(text, { status: res.status, statusText: res.statusText, headers });
        },
        (err: unknown) => {
          done();
          throw err;
        },
      );
    },
    subtle: globalThis.crypto.subtle,
    randomUUID: () => crypto.randomUUID(),
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    },
    defaultServiceUrl: serviceUrl,
    appVersion: options.appVersion ?? APP_VERSION,
    bodies: createBodyPort(db, bodies, deviceId),
    ...(options.packs ? { packStore: createPackStore(db, bodies), packFiles: () => nodePackFiles() } : {}),
    onApplied: () => {},
    whileLeader: (fn) => void fn(),
    // as openVault wires it: a device joining an account's vault drops its own untouched welcome note
    beforeJoin: () => dropUntouchedWelcome(db, notes),
    ...(options.snapshotDelays ? { snapshotDelays: options.snapshotDelays } : {}),
    ...(options.openSocket ? { openSocket: options.openSocket } : {}),
  });
  const ui = { caller: { kind: 'ui' } } as const;
  return {
    deviceId,
    db,
    notes,
    bodies,
    sync,
    requests,
    net,
    timeline,
    online: (value: boolean) => {
      online = value;
    },
    /** fail the requests `rule` matches as network errors (null: none) */
    refuse: (rule: ((method: string, path: string) => boolean) | null) => {
      refused = rule;
    },
    /** answer the requests `rule` gives a Response for in the service's place (null: none) */
    answerFor: (rule: ((method: string, path: string, url: string) => Response | null) | null) => {
      answered = rule;
    },
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'once' }),
    read: (op: string, ...args: unknown[]) => registry.read(op, args, ui),
    async signIn(email: string) {
      const code = await sync.requestCode(email);
      if (!code.ok || !code.value.devCode) throw new Error(`no code: ${JSON.stringify(code)}`);
      const signed = await sync.signIn(email, code.value.devCode, name);
      if (!signed.ok) throw new Error(`sign-in refused: ${JSON.stringify(signed.error)}`);
    },
    close: async () => {
      sync.stop();
      await db.delete();
    },
  };
}

/** A path with its per-note segment folded, so one route sums its requests. */
const routeOf = (path: string) =>
  /^\/sync\/crdt\/snapshot\/(?!batch$)/.test(path) ? '/sync/crdt/snapshot/:noteId' : path;

/**
 * Sums a development Server-Timing header (`sig;dur=1.2, d1;dur=3.4, total;dur=9`) into
 * `route stage` totals, and counts the route's requests under `route #`.
 */
function addServerTiming(into: Map<string, number>, route: string, header: string | null): void {
  into.set(`${route} #`, (into.get(`${route} #`) ?? 0) + 1);
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (m) into.set(`${route} ${m[1]}`, (into.get(`${route} ${m[1]}`) ?? 0) + Number(m[2]));
  }
}

export type Device = Awaited<ReturnType<typeof openDevice>>;

export function value<T>(
  res: Result<unknown> | { ok: true; value: unknown } | { ok: false; error: unknown },
): T {
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res.error)}`);
  return res.value as T;
}

/**
 * Devices of one fresh account on the service: the first signs in and sets the vault up (a new
 * vault: its recovery key is returned), each other signs in, is told the vault needs its key and
 * unlocks it with that recovery key. `prefix` names the account; the time makes it fresh, since
 * the unit run shares one service between files.
 */
export async function devicesOfOneAccount<const Names extends readonly string[]>(
  serviceUrl: string,
  prefix: string,
  names: Names,
  options: Partial<Record<Names[number], Parameters<typeof openDevice>[2]>> = {},
): Promise<{ devices: { [K in keyof Names]: Device }; email: string; recoveryKey: string }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@test.cairn.local`;
  const devices: Device[] = [];
  for (const name of names) devices.push(await openDevice(serviceUrl, name, options[name as Names[number]]));
  const [first, ...others] = devices;
  if (!first) throw new Error('devicesOfOneAccount needs a device');
  await first.signIn(email);
  const created = value<{ kind: string; recoveryKey?: string }>(await first.sync.setUp());
  if (created.kind !== 'created' || !created.recoveryKey)
    throw new Error(`expected a new vault: ${JSON.stringify(created)}`);
  for (const d of others) await joinAccount(d, email, created.recoveryKey);
  // one device per name, in order
  return { devices: devices as { [K in keyof Names]: Device }, email, recoveryKey: created.recoveryKey };
}

/** Signs `d` in to the account whose vault exists and unlocks it with its recovery key. */
export async function joinAccount(d: Device, email: string, recoveryKey: string): Promise<void> {
  await d.signIn(email);
  const setup = value<{ kind: string }>(await d.sync.setUp());
  if (setup.kind !== 'needs_key') throw new Error(`expected needs_key: ${JSON.stringify(setup)}`);
  value(await d.sync.restore(recoveryKey));
}
