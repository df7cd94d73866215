import { LAST_CURSOR } from '../../../src/sync/engine/pull/pullChanges';
import { createStatePort } from '../../../src/worker/sync/syncStateStore';
import { type FaultProxy, startFaultProxy } from '../support/faultProxy';
import { faultySocket } from '../support/faultySocket';
import { type FaultMix, seededFaults, seededRandom } from '../support/seededFaults';
import { type Device, openDevice, value } from '../sync/syncDevice';

/**
 * One simulation case's world (issue 18 part 1): a fresh account with `count` devices, each its
 * own fake-indexeddb vault behind its own fault proxy (faultProxy.ts), with its socket on a lossy
 * link (faultySocket.ts). Everything random is drawn from `seed`, so a case replays alone. A
 * device can crash at a random point of a sync (`syncWithCrash`): its engine is dropped and its
 * database closed mid-flight (open transactions abort), then reopened by a new engine on the
 * same database and install id, as a reloaded tab would.
 */
export interface SimDevice {
  name: string;
  current: Device;
  proxy: FaultProxy;
  /** the device's cursor after each of its syncs (checked never to go back) */
  cursors: number[];
}

export interface World {
  devices: SimDevice[];
  random: () => number;
  /** faults drawn by kind: proxy faults, crashes, socket frames */
  tally: Map<string, number>;
  /** every proxy passes everything and nothing crashes from now on (the quiet end of a case) */
  calm(): void;
  syncNow(i: number): Promise<void>;
  /** a sync during which the device crashes, `afterMs` after a request it sends */
  syncWithCrash(i: number, atRequest: number, afterMs: number): Promise<void>;
  cursorOf(i: number): Promise<number | undefined>;
  close(): Promise<void>;
}

const NAMES = ['A', 'B', 'C', 'D', 'E', 'F'];

export async function openWorld(
  serviceUrl: string,
  count: number,
  seed: number,
  mix: FaultMix,
): Promise<World> {
  const random = seededRandom(seed);
  const tally = new Map<string, number>();
  const count1 = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);
  const frames = { delivered: 0, late: 0, dropped: 0 };
  /** per device: a crash armed for its request number n, and what to do then */
  const armed: ({ at: number; afterMs: number; fire: () => void } | null)[] = [];
  const dbNames: string[] = [];
  /** requests each device sent, across its restarts */
  const sent: number[] = [];

  async function open(i: number, proxy: FaultProxy, deviceId?: string): Promise<Device> {
    const name = NAMES[i]!;
    return openDevice(proxy.url, name, {
      snapshotDelays: { quietMs: 0, ceilingMs: 0 },
      ...(dbNames[i] ? { vaultId: dbNames[i] } : {}),
      ...(deviceId ? { deviceId } : {}),
      openSocket: faultySocket(serviceUrl, seededRandom(seed + 7919 * (i + 1)), undefined, frames),
      beforeFetch: async () => {
        const crash = armed[i];
        const n = sent[i] ?? 0;
        sent[i] = n + 1;
        if (crash && n === crash.at) {
          armed[i] = null;
          setTimeout(crash.fire, crash.afterMs);
        }
      },
    });
  }

  const devices: SimDevice[] = [];
  const plans: ReturnType<typeof seededFaults>[] = [];
  for (let i = 0; i < count; i++) {
    const proxy = await startFaultProxy(serviceUrl);
    dbNames[i] = `sim-${seed}-${NAMES[i]}-${Date.now()}`;
    devices.push({ name: NAMES[i]!, current: await open(i, proxy), proxy, cursors: [] });
    armed.push(null);
  }
  // the account is set up on a calm network: the faults are for syncing
  const email = `sim-${seed}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@test.cairn.local`;
  const [first, ...others] = devices;
  await first!.current.signIn(email);
  const created = value<{ recoveryKey: string }>(await first!.current.sync.setUp());
  // one code at a time (a new code replaces the last), then the keys restored together
  for (const d of others) await d.current.signIn(email);
  await Promise.all(
    others.map(async (d) => {
      const setup = value<{ kind: string }>(await d.current.sync.setUp());
      if (setup.kind !== 'needs_key') throw new Error(`expected needs_key: ${JSON.stringify(setup)}`);
      value(await d.current.sync.restore(created.recoveryKey));
    }),
  );
  for (const [i, d] of devices.entries()) {
    const plan = seededFaults(seed * 31 + i, mix);
    plans.push(plan);
    d.proxy.setPlan(plan);
  }

  const cursorOf = async (i: number) => createStatePort(devices[i]!.current.db).get<number>(LAST_CURSOR);
  async function noteCursor(i: number) {
    const c = await cursorOf(i).catch(() => undefined);
    if (c !== undefined) devices[i]!.cursors.push(c);
  }

  return {
    devices,
    random,
    tally,
    calm() {
      for (const d of devices) d.proxy.setPlan(() => ({ kind: 'pass' }));
      armed.fill(null);
      tally.set('socket frames late', frames.late);
      tally.set('socket frames dropped', frames.dropped);
      for (const p of plans) for (const [k, n] of p.counts) tally.set(k, (tally.get(k) ?? 0) + n);
    },
    async syncNow(i) {
      await devices[i]!.current.sync.syncNow();
      await noteCursor(i);
    },
    async syncWithCrash(i, atRequest, afterMs) {
      const d = devices[i]!;
      const before = d.current;
      let crashed: Promise<void> | null = null;
      const crash = async () => {
        count1('crash');
        before.sync.stop();
        before.db.close();
      };
      armed[i] = {
        at: (sent[i] ?? 0) + atRequest,
        afterMs,
        fire: () => {
          crashed ??= crash();
        },
      };
      await before.sync.syncNow().catch(() => {});
      // the sync ended before the armed request: the crash comes at its end
      armed[i] = null;
      crashed ??= crash();
      await crashed;
      d.current = await open(i, d.proxy, before.deviceId);
      await d.current.sync.init();
      await noteCursor(i);
    },
    cursorOf,
    async close() {
      for (const d of devices) {
        await d.current.close().catch(() => {});
        await d.proxy.close();
      }
    },
  };
}
