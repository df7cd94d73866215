import type { ChangesResponse } from '../../src/sync/protocol/changes';
import type { PushResponse } from '../../src/sync/protocol/push';
import { envelopeText, signedItem } from '../server/items';
import { startSyncService } from '../server/spawn-service';
import { benchSignIn } from './benchSignIn';
import type { BenchRow } from './types';

/**
 * Issue 18 part 7: load on local workerd. Three scenarios, each for a bounded time: 8 and 32
 * devices of one account, and 32 accounts of one device, every device pushing 10-item batches and
 * pulling the changes feed from its own cursor, in turn, as fast as the service answers. After the
 * time is up each device reads the feed to its end; asserted (the bench throws otherwise): every
 * accepted item of the account is listed to every device of it exactly once, nothing of another
 * account, and every device's cursors strictly increase. Reported: accepted items/s, push and pull
 * p95, beside the floor of the same concurrency (GET /sync/status p95).
 * The account-wide sync_changes bucket (60 a minute, spec 8.1) would hold 32 pullers at once, so a
 * puller answered 429 resets its window through the development route /dev/rate-windows and goes
 * on: the figure is the service's work, not the limiter's.
 * wrangler dev runs the Worker, D1 and R2 in ONE local process (SQLite files), so these concurrency
 * figures understate Cloudflare, where requests spread over isolates and D1 is a remote primary.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 8);
const BATCH = 10;

interface Dev {
  email: string;
  accessToken: string;
  deviceId: string;
  privateKey: CryptoKey;
}

async function signIn(base: string, email: string): Promise<Dev> {
  return { email, ...(await benchSignIn(base, email, 'load')) };
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

async function scenario(base: string, name: string, accounts: number, perAccount: number) {
  const devices: Dev[] = [];
  for (let a = 0; a < accounts; a++) {
    const email = `load-${name}-${a}-${Date.now()}@test.cairn.local`;
    for (let d = 0; d < perAccount; d++) devices.push(await signIn(base, email));
  }
  const headers = (d: Dev) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${d.accessToken}`,
  });
  const resets = { n: 0 };
  /** one changes page; a 429 of the account-wide bucket resets its window (see above) */
  async function page(d: Dev, cursor: number): Promise<ChangesResponse> {
    for (;;) {
      const res = await fetch(`${base}/sync/changes?cursor=${cursor}`, { headers: headers(d) });
      if (res.status === 429) {
        await res.text();
        resets.n++;
        await (
          await fetch(`${base}/dev/rate-windows/sync_changes`, {
            method: 'PUT',
            headers: headers(d),
            body: JSON.stringify({ count: 0 }),
          })
        ).text();
        continue;
      }
      if (res.status !== 200) throw new Error(`changes ${res.status}: ${await res.text()}`);
      return (await res.json()) as ChangesResponse;
    }
  }
  const floor: number[] = [];
  await Promise.all(
    devices.map(async (d) => {
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await (await fetch(`${base}/sync/status`, { headers: headers(d) })).text();
        floor.push(performance.now() - t);
      }
    }),
  );
  const accepted = new Map<string, Set<string>>(); // email -> ids
  const seen = new Map<Dev, string[]>();
  const cursors = new Map<Dev, number>();
  const pushMs: number[] = [];
  const pullMs: number[] = [];
  const check = (d: Dev, p: ChangesResponse) => {
    let last = cursors.get(d) ?? 0;
    for (const r of p.refs) {
      if (r.serverCursor <= last) throw new Error(`${name}: cursor ${r.serverCursor} after ${last}`);
      last = r.serverCursor;
      seen.get(d)?.push(r.id);
    }
    cursors.set(d, Math.max(last, p.nextCursor));
  };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    devices.map(async (d, n) => {
      seen.set(d, []);
      let seq = 0;
      while (performance.now() < deadline) {
        const items = await Promise.all(
          Array.from({ length: BATCH }, () =>
            signedItem(d, 'default', {
              id: `${name}-${n}-${seq++}`,
              clock: { [d.deviceId]: 1 },
              payload: envelopeText(700),
            }),
          ),
        );
        let t = performance.now();
        const res = await fetch(`${base}/sync/push`, {
          method: 'POST',
          headers: headers(d),
          body: JSON.stringify({ items }),
        });
        if (res.status !== 200) throw new Error(`push ${res.status}: ${await res.text()}`);
        const body = (await res.json()) as PushResponse;
        pushMs.push(performance.now() - t);
        if (body.rejected.length > 0) throw new Error(`push rejected ${JSON.stringify(body.rejected[0])}`);
        const ids = accepted.get(d.email) ?? new Set<string>();
        accepted.set(d.email, ids);
        for (const a of body.accepted) ids.add(a.id);
        t = performance.now();
        check(d, await page(d, cursors.get(d) ?? 0));
        pullMs.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // every device reads to the end, then holds exactly its account's accepted items, once each
  await Promise.all(
    devices.map(async (d) => {
      for (;;) {
        const p = await page(d, cursors.get(d) ?? 0);
        check(d, p);
        if (p.refs.length === 0) break;
      }
      const mine = accepted.get(d.email) ?? new Set();
      const list = seen.get(d) ?? [];
      if (new Set(list).size !== list.length) throw new Error(`${name}: an item listed twice`);
      if (list.length !== mine.size || list.some((id) => !mine.has(id)))
        throw new Error(`${name}: listed ${list.length}, accepted ${mine.size}`);
    }),
  );
  const total = [...accepted.values()].reduce((s, x) => s + x.size, 0);
  return {
    total,
    seconds,
    pushP95: p95(pushMs),
    pullP95: p95(pullMs),
    floorP95: p95(floor),
    resets: resets.n,
  };
}

export default async function bench(): Promise<BenchRow[]> {
  const service = await startSyncService();
  const rows: BenchRow[] = [];
  const group = 'sync-load';
  const caveat =
    'wrangler dev: Worker, D1 and R2 in one local process, so concurrency figures understate Cloudflare';
  try {
    for (const [name, accounts, per] of [
      ['8 devices, 1 account', 1, 8],
      ['32 devices, 1 account', 1, 32],
      ['32 accounts at once', 32, 1],
    ] as const) {
      const r = await scenario(service.url, name.replace(/\W+/g, '-'), accounts, per);
      const note = `${r.total} items in ${r.seconds.toFixed(1)} s, zero lost or duplicated, cursors strictly increasing; ${r.resets} sync_changes window resets; ${caveat}`;
      rows.push(
        {
          group,
          name: `${name}: accepted items/s (push + pull loop)`,
          value: r.total / r.seconds,
          unit: 'items/s',
          note,
        },
        { group, name: `${name}: push p95 (10 items)`, value: r.pushP95, unit: 'ms' },
        { group, name: `${name}: pull p95 (changes page)`, value: r.pullP95, unit: 'ms' },
        {
          group,
          name: `${name}: floor, GET /sync/status p95`,
          value: r.floorP95,
          unit: 'ms',
          note: 'same concurrency, middleware only',
        },
      );
    }
    return rows;
  } finally {
    await service.stop();
  }
}
