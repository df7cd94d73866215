import { readFileSync } from 'node:fs';
import type { PackListResponse } from '../../src/sync/protocol/packs';
import { startSyncService } from '../server/spawn-service';
import { type Device, joinAccount, openDevice, value } from '../unit/sync/syncDevice';
import type { BenchRow } from './types';

/**
 * Issue 16 figures against a real local service (workerd), in Node with fake-indexeddb:
 * - first push of N notes (records and bodies) until the outbox is empty (goal < 60 s), and until
 *   the device is synced (its own read-back of the feed included);
 * - first sync of the same vault to a fresh device through packs (spec 3.7) and, in the same run,
 *   to another fresh device through the item path (one baseline GET per note, under a bootstrap
 *   session), with the pack path's split (transfer, verify, decrypt, IndexedDB + Yjs) and the
 *   ratio (goals: pack path < 10 s and >= 10x the item path).
 * N = 10,000 (SYNC_PACKS_BENCH_NOTES=n to change it). fake-indexeddb costs differ from a browser's.
 */
export default async function bench(): Promise<BenchRow[]> {
  const n = Number(process.env.SYNC_PACKS_BENCH_NOTES ?? 10_000);
  const service = await startSyncService();
  const devices: Device[] = [];
  const open = async (name: string, packs: boolean) => {
    const d = await openDevice(service.url, name, { packs });
    devices.push(d);
    return d;
  };
  try {
    const a = await open('A', false);
    const email = `packs-bench-${n}-${Date.now()}@test.cairn.local`;
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
    let t = performance.now();
    let emptied = 0;
    const watch = setInterval(() => {
      void a.db.syncQueue.count().then((left) => {
        if (left === 0 && emptied === 0) emptied = performance.now() - t;
      });
    }, 50);
    const pushWaits = await untilDone(a);
    clearInterval(watch);
    const pushSynced = performance.now() - t;
    if (emptied === 0) emptied = pushSynced;
    progress(`first push: queue empty at ${Math.round(emptied)} ms, synced at ${Math.round(pushSynced)} ms`);

    // the service packs each snapshot 3 s after it settled: wait until every note is in a pack
    const syncVaultId = (await a.db.syncState.get('syncVaultId'))?.value as string;
    const call = await a.sync.accountCall();
    t = performance.now();
    // and the records packs (docs/packs.md "Record packs") cover the feed but its tail (a note is
    // a record and a snapshot entry; fewer than 256 entries stay unpacked)
    for (;;) {
      const entries = { crdt_snapshot: 0, records: 0 } as Record<string, number>;
      let cursor: number | null = null;
      do {
        const q: string = cursor === null ? '' : `&cursor=${cursor}`;
        const page = value<PackListResponse>(
          await call('GET', `/sync/packs?limit=50&kinds=crdt_snapshot,records${q}`, { vaultId: syncVaultId }),
        );
        for (const p of page.packs) entries[p.kind] = (entries[p.kind] ?? 0) + p.entryCount;
        cursor = page.nextCursor;
      } while (cursor !== null);
      if ((entries.crdt_snapshot ?? 0) >= n && (entries.records ?? 0) >= 2 * n - 256) break;
      // a walk is 3+ listing pages at 10,000 notes: every 5 s keeps under sync_packs (60 a minute)
      await new Promise((r) => setTimeout(r, 5000));
    }
    progress(`packs cover ${n} notes ${Math.round(performance.now() - t)} ms after the push`);

    const b = await open('B', true);
    await joinAccount(b, email, recoveryKey);
    b.net.ms = 0;
    b.requests.length = 0;
    t = performance.now();
    const bWaits = await untilDone(b);
    const packPath = performance.now() - t;
    const seed = b.sync.packSeed();
    const bBodies = await b.db.bodies.filter((r) => r.markdown.startsWith('Body of note')).count();
    progress(`pack path ${Math.round(packPath)} ms, ${JSON.stringify(seed)}`);

    const c = await open('C', false);
    await joinAccount(c, email, recoveryKey);
    c.net.ms = 0;
    c.requests.length = 0;
    t = performance.now();
    const cWaits = await untilDone(c);
    const itemPath = performance.now() - t;
    const cBodies = await c.db.bodies.filter((r) => r.markdown.startsWith('Body of note')).count();
    progress(`item path ${Math.round(itemPath)} ms`);

    const ms = (x: number) => `${Math.round(x)} ms`;
    const split = seed
      ? [
          `the seed (${seed.notes} notes from ${seed.packs} packs): transfer ${ms(seed.timings.transfer)}, digests + verify ${ms(seed.timings.verify)}, decrypt ${ms(seed.timings.decrypt)}, IndexedDB + Yjs ${ms(seed.timings.store)}`,
          `records packs (${seed.records.packs} of ${seed.records.listed} applied, ${seed.records.entries} feed entries, ${seed.records.refs} fetched by id): transfer ${ms(seed.records.transfer)}, read + digests ${ms(seed.records.read)}, verify + decrypt ${ms(seed.records.apply.open)}, IndexedDB ${ms(seed.records.apply.store)}, body entries ${ms(seed.records.apply.bodies)}`,
          `settle ${ms(seed.settle)}`,
          `whole first sync: ${b.requests.length} requests, ${ms(b.net.ms)} awaiting the service`,
        ].join('; ')
      : 'the pack path did not run';
    const ratio = itemPath / packPath;
    return [
      {
        ...row(`first push of ${n} notes until the queue is empty`, emptied, 'ms'),
        target: '< 60000 ms',
        ok: emptied < 60_000,
        note: `synced (own read-back included) at ${ms(pushSynced)}${pushWaits > 0 ? `, ${Math.round(pushWaits / 1000)} s of it waiting on 429` : ''}`,
      },
      {
        ...row(`first sync of ${n} notes to a fresh device, pack path`, packPath, 'ms'),
        target: '< 10000 ms',
        ok: packPath < 10_000 && bBodies === n,
        note: `${bBodies} bodies; ${split}${bWaits > 0 ? `; ${Math.round(bWaits / 1000)} s waiting on 429` : ''}`,
      },
      {
        ...row(`first sync of ${n} notes to a fresh device, item path (same run)`, itemPath, 'ms'),
        note: `${cBodies} bodies; one baseline GET per note under a bootstrap session; ${c.requests.length} requests, ${ms(c.net.ms)} awaiting the service${cWaits > 0 ? `; ${Math.round(cWaits / 1000)} s waiting on 429` : ''}`,
      },
      {
        ...row(`pack path speed-up over the item path (${n} notes)`, ratio, 'x'),
        target: '>= 10x',
        ok: ratio >= 10,
      },
    ];
  } catch (err) {
    const log = readFileSync(service.logPath, 'utf8').split('\n').slice(-40).join('\n');
    progress(`failed; the service's last lines:\n${log}`);
    throw err;
  } finally {
    for (const d of devices) await d.close();
    await service.stop();
  }
}

const row = (name: string, value: number, unit: string): BenchRow => ({
  group: 'sync-packs',
  name,
  value: unit === 'x' ? Math.round(value * 10) / 10 : Math.round(value),
  unit,
});

const started = performance.now();
const progress = (what: string) =>
  console.error(`sync-packs bench +${Math.round((performance.now() - started) / 1000)} s: ${what}`);

/** Cycles until the device says synced; a 429 waits 5 s and runs again. Answers the time waited. */
async function untilDone(d: Device): Promise<number> {
  let waited = 0;
  for (;;) {
    await d.sync.syncNow();
    const { status } = await d.sync.state();
    if (status.error?.category !== 'rate_limited') {
      if (status.phase !== 'synced') throw new Error(`sync did not finish: ${JSON.stringify(status)}`);
      return waited;
    }
    progress(`429, cycle retried in 5 s: ${status.error?.message}`);
    const t = performance.now();
    await new Promise((r) => setTimeout(r, 5_000));
    waited += performance.now() - t;
  }
}
