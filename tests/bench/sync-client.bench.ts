import { readFileSync } from 'node:fs';
import {
  deriveVaultKeyring,
  encodeEnvelopeBlob,
  generateDeviceKey,
  generateVaultKey,
  sealItem,
} from '../../src/sync/crypto';
import type { SyncCall } from '../../src/sync/engine/http/syncHttp';
import type { KeyDirectory } from '../../src/sync/engine/pull/keyDirectory';
import { openSealedBody } from '../../src/sync/engine/pull/mergeBaseline';
import { openPullItem } from '../../src/sync/engine/pull/openPullItem';
import { NOTE_BODY_ADDRESS_TYPE } from '../../src/sync/engine/push/noteBodyAddress';
import { pushSnapshots } from '../../src/sync/engine/push/pushSnapshots';
import { sealPushItem } from '../../src/sync/engine/push/sealPushItem';
import { initialState } from '../../src/worker/crdt/docStore';
import { startSyncService } from '../server/spawn-service';
import { type Device, openDevice, value } from '../unit/sync/syncDevice';
import { pulledItem } from '../unit/sync/syncFakes';
import type { BenchRow } from './types';

/**
 * The client sync path against a real local service (workerd), in Node with fake-indexeddb:
 * - first push of a vault of N notes (records, then bodies as first snapshots 50 a request);
 * - first sync of that vault to a fresh device through the item path (records, then one snapshot
 *   GET per note body) under a bootstrap session: the crdt_pull bucket is raised x5 to 3,000 a
 *   minute (600 without one); waits on 429 are reported, and whether the session was used;
 * - the time from an edit on device A to it applied on device B (A's cycle, then B's pull), the
 *   median of five, with the requests of the median one;
 * - the CPU split: network (time awaiting the service, server included), crypto (the same
 *   sealing, signing, verifying and opening done again on its own), and the rest (IndexedDB,
 *   Yjs and the engine). fake-indexeddb costs differ from a browser's: compare runs of this bench.
 * N = 1,000 by default; 1,000 and 10,000 with SYNC_BENCH_LARGE=1 (the 10,000 fresh-device sync
 * makes 10,000 snapshot GETs: at least 3.3 minutes of crdt_pull bucket with the bootstrap
 * session, 17 without); SYNC_BENCH_NOTES=n,m.
 */
export default async function bench(): Promise<BenchRow[]> {
  const sizes = process.env.SYNC_BENCH_NOTES
    ? process.env.SYNC_BENCH_NOTES.split(',').map(Number)
    : process.env.SYNC_BENCH_LARGE === '1'
      ? [1_000, 10_000]
      : [1_000];
  const rows: BenchRow[] = [];
  for (const n of sizes) rows.push(...(await measureVault(n)));
  return rows;
}

const row = (name: string, value: number, unit: string, note?: string): BenchRow => ({
  group: 'sync-client',
  name,
  value: Math.round(value),
  unit,
  ...(note ? { note } : {}),
});

async function measureVault(n: number): Promise<BenchRow[]> {
  const service = await startSyncService();
  const a = await openDevice(service.url, 'A');
  const b = await openDevice(service.url, 'B');
  try {
    // signed in and set up on an empty vault first: a vault with notes before sign-in would ask
    // the one-time binding question (spec 3.5); the notes are then written offline
    const email = `bench-${n}-${Date.now()}@test.cairn.local`;
    await a.signIn(email);
    const recoveryKey = value<{ recoveryKey: string }>(await a.sync.setUp()).recoveryKey;
    await a.sync.syncNow();
    a.online(false);
    for (let i = 0; i < n; i++) {
      value(
        await a.notes.create({ title: `Note ${i}`, markdown: `Body of note ${i}, with a few words in it.` }),
      );
    }
    progress(`${n} notes written`);
    a.online(true);
    a.net.ms = 0;
    a.requests.length = 0;
    let t = performance.now();
    const pushWaits = await untilDone(a);
    const firstPush = performance.now() - t;
    const pushNet = a.net.ms;
    const pushRequests = a.requests.length;
    progress(`first push ${Math.round(firstPush)} ms, ${pushRequests} requests`);
    progress(`  service time of A's requests: ${serverSplit(a.net.server)}`);
    const pushCrypto = await cryptoOfPush(n);

    await b.signIn(email);
    await b.sync.setUp();
    b.net.ms = 0;
    t = performance.now();
    value(await b.sync.restore(recoveryKey)); // starts the engine: the first full pull
    const syncWaits = await untilDone(b);
    const firstSync = performance.now() - t;
    progress(`first sync ${Math.round(firstSync)} ms, ${b.requests.length} requests`);
    progress(`  service time of B's requests: ${serverSplit(b.net.server)}`);
    const syncNet = b.net.ms;
    const arrived = await b.db.notes.count();
    const bodies = await b.db.bodies.filter((r) => r.markdown.startsWith('Body of note')).count();
    const syncCrypto = await cryptoOfPull(n);

    const edit = await editToApplied(a, b);
    const split = (total: number, netMs: number, crypto: number, waits: number) =>
      `network ${pct(netMs, total - waits)}, crypto ${pct(crypto, total - waits)}, IndexedDB + Yjs + engine ${pct(total - waits - netMs - crypto, total - waits)}${waits > 0 ? `; ${Math.round(waits / 1000)} s waiting on 429` : ''}`;
    return [
      row(
        `first push of ${n} notes (records + bodies)`,
        firstPush,
        'ms',
        `${pushRequests} requests; ${split(firstPush, pushNet, pushCrypto, pushWaits)}`,
      ),
      row(
        `first sync of ${n} notes to a fresh device`,
        firstSync,
        'ms',
        `${arrived} notes, ${bodies} bodies arrived; bootstrap session ${b.requests.includes('POST /sync/bootstrap') ? 'used' : 'NOT used'}; ${split(firstSync, syncNet, syncCrypto, syncWaits)}`,
      ),
      {
        ...row(
          `edit on A to applied on B, ${n}-note vault (push + pull path), median of ${EDITS}`,
          edit.median,
          'ms',
        ),
        ok: edit.applied,
        note: `${edit.applied ? 'applied' : 'NOT applied'}; each ${edit.each}; the median one: ${edit.steps}`,
      },
    ];
  } catch (err) {
    // what the service said last tells a 5xx from a client failure
    const log = readFileSync(service.logPath, 'utf8').split('\n').slice(-40).join('\n');
    progress(`failed; the service's last lines:\n${log}`);
    throw err;
  } finally {
    await a.close();
    await b.close();
    await service.stop();
  }
}

/** Edits timed one after the other: a single one at a loaded machine's mercy varied 0.2-1.8 s. */
const EDITS = 5;

/**
 * The time from a rename on A to it applied on B (A's sync cycle, then B's: this bench has no
 * socket, so B learns of the edit by its own pull), EDITS times; answers the median, every time, and
 * the median edit's requests in order: `A|B route round-trip (service total)`, each with the client
 * time before it (`+gap`).
 */
async function editToApplied(a: Device, b: Device) {
  const id = (await a.db.notes.limit(1).primaryKeys())[0]!;
  const runs: { ms: number; steps: string; applied: boolean }[] = [];
  for (let i = 0; i < EDITS; i++) {
    const title = `Renamed for the latency figure ${i}`;
    const fromA = a.timeline.length;
    const fromB = b.timeline.length;
    const t = performance.now();
    value(await a.notes.rename(id, title));
    await a.sync.syncNow();
    await b.sync.syncNow();
    const ms = performance.now() - t;
    const sent = [
      ...a.timeline.slice(fromA).map((r) => ({ ...r, on: 'A' })),
      ...b.timeline.slice(fromB).map((r) => ({ ...r, on: 'B' })),
    ].sort((x, y) => x.at - y.at);
    let last = t;
    const steps = sent.map((r) => {
      const gap = r.at - last;
      last = r.at + r.ms;
      const server = r.server === null ? '' : ` (service ${Math.round(r.server)})`;
      return `+${Math.round(gap)} ${r.on} ${r.request} ${Math.round(r.ms)}${server}`;
    });
    const applied = (await b.notes.get(id))?.title === title;
    runs.push({ ms, steps: `${steps.join(', ')}, +${Math.round(t + ms - last)} ms`, applied });
    progress(`edit ${i + 1}: ${Math.round(ms)} ms: ${runs.at(-1)!.steps}`);
  }
  const sorted = [...runs].sort((x, y) => x.ms - y.ms);
  const median = sorted[Math.floor(EDITS / 2)]!;
  return {
    median: median.ms,
    steps: median.steps,
    each: `${runs.map((r) => Math.round(r.ms)).join(' / ')} ms`,
    applied: runs.every((r) => r.applied),
  };
}

/** phase lines on stderr, so a run stopped early still tells what it measured */
const started = performance.now();
const progress = (what: string) =>
  console.error(`sync-client bench +${Math.round((performance.now() - started) / 1000)} s: ${what}`);

/**
 * Per route: requests, and the service's own time per request (Server-Timing, development): total,
 * then every stage the service reported (jwt, device, plan, vault, elev, rate, d1, state, blobs, sig,
 * meta, json: docs/protocol.md, "Where a request's time goes"); the rest of the round trip is
 * transport and the client.
 */
function serverSplit(timing: Map<string, number>): string {
  const routes = [...timing.keys()].filter((k) => k.endsWith(' #')).map((k) => k.slice(0, -2));
  return routes
    .map((r) => {
      const count = timing.get(`${r} #`) ?? 1;
      const named = [...timing.keys()].filter((k) => k.startsWith(`${r} `) && !k.endsWith(' #'));
      const stages = ['total', ...named.map((k) => k.slice(r.length + 1)).filter((s) => s !== 'total')]
        .filter((s) => timing.has(`${r} ${s}`))
        .map((s) => `${s} ${Math.round((timing.get(`${r} ${s}`) ?? 0) / count)}`);
      return `${r} x${count} (ms each: ${stages.join(', ') || 'no Server-Timing'})`;
    })
    .join('; ');
}

const pct = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))}%`;

/**
 * Runs cycles until one ends without a rate-limit refusal or a 5xx (the app's next cycle retries
 * both; the local development service answers 503 now and then on a loaded machine); answers the
 * time spent waiting. More than 20 server errors in a row fail the run.
 */
async function untilDone(d: Device): Promise<number> {
  let waited = 0;
  let serverErrors = 0;
  for (;;) {
    await d.sync.syncNow();
    const { status } = await d.sync.state();
    const category = status.error?.category;
    if (category === 'server' && serverErrors < 20) {
      serverErrors += 1;
      progress(`server error, cycle retried (${serverErrors}): ${status.error?.message}`);
    } else if (category !== 'rate_limited') {
      if (status.phase !== 'synced') throw new Error(`sync did not finish: ${JSON.stringify(status)}`);
      return waited;
    } else progress(`429, cycle retried in 5 s: ${status.error?.message}`); // it names the bucket
    const t = performance.now();
    await new Promise((r) => setTimeout(r, 5_000));
    waited += performance.now() - t;
  }
}

const VAULT = '0b6f0000-0000-4000-8000-0000000000bb';
const payload = (i: number) => ({
  id: `n${i}`,
  title: `Note ${i}`,
  snippet: 'Body of note, with a few words in it.',
});

/** Sealing + signing of n records and n first snapshots, on their own. */
async function cryptoOfPush(n: number): Promise<number> {
  const keyring = deriveVaultKeyring(generateVaultKey(), VAULT);
  const signer = { key: await generateDeviceKey(globalThis.crypto.subtle), deviceId: 'd' };
  const state = initialState('Body of note 0, with a few words in it.');
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    await sealPushItem(
      keyring,
      signer,
      { type: 'note', id: `n${i}` },
      { clock: { d: 1 }, deletedAt: null, payload: payload(i) },
    );
  }
  const accepted = (async () => ({ ok: true, value: { results: [] } })) as unknown as SyncCall;
  const jobs = Array.from({ length: n }, (_, i) => ({ docId: `n${i}`, state, coversThrough: 0 }));
  await pushSnapshots(
    { call: accepted, keyring, signer, routes: { batchMissing: false }, stopped: () => false },
    jobs,
  );
  return performance.now() - t;
}

/** Verifying + opening n pulled records and opening n snapshot bodies, on their own. */
async function cryptoOfPull(n: number): Promise<number> {
  const keyring = deriveVaultKeyring(generateVaultKey(), VAULT);
  const signer = { key: await generateDeviceKey(globalThis.crypto.subtle), deviceId: 'd' };
  const keys = { keyOf: async () => ({ ok: true, value: signer.key.publicKey }) } as unknown as KeyDirectory;
  const items = [];
  for (let i = 0; i < n; i++) {
    const record = { clock: { d: 1 }, deletedAt: null, payload: payload(i) };
    items.push(await pulledItem(keyring, signer, { type: 'note', id: `n${i}` }, record, { serverCursor: i }));
  }
  const state = initialState('Body of note 0, with a few words in it.');
  const snapshots = Array.from({ length: n }, (_, i) =>
    encodeEnvelopeBlob(sealItem(keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: `n${i}` }, state)),
  );
  const t = performance.now();
  for (const item of items) await openPullItem(keyring, keys, item);
  for (const [i, sealed] of snapshots.entries()) openSealedBody(keyring, `n${i}`, sealed);
  return performance.now() - t;
}
