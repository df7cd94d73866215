import { loadavg } from 'node:os';
import type { PushResponse } from '../../src/sync/protocol/push';
import { envelopeText, signedItem } from '../server/items';
import { startSyncService } from '../server/spawn-service';
import { benchSignIn } from './benchSignIn';
import type { BenchRow } from './types';

const DEVICES = 8;
const BATCHES = 5;
const BATCH_SIZE = 100;

const signIn = (base: string, email: string) => benchSignIn(base, email);

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/**
 * Issue 16 part 5: service push throughput with 8 devices of ONE account pushing at once (the
 * account's cursor is the shared point), 100-item batches of ~1 KB records, every item accepted
 * and listed by the manifest afterwards (none lost). Floor, same run and concurrency: 8 devices
 * calling `GET /sync/status` (authentication, plan gate, one rate bucket, nothing else), in
 * requests/s x 100: the items/s a push could reach if the push itself cost nothing.
 */
export default async function bench(): Promise<BenchRow[]> {
  const service = await startSyncService();
  try {
    const email = `bench-push8-${Date.now()}@test.cairn.local`;
    const devices = [];
    for (let i = 0; i < DEVICES; i++) devices.push(await signIn(service.url, email));
    const work = await Promise.all(
      devices.map(async (d, n) => {
        const batches = [];
        for (let b = 0; b < BATCHES; b++) {
          batches.push(
            await Promise.all(
              Array.from({ length: BATCH_SIZE }, (_, i) =>
                signedItem(d, 'default', {
                  id: `p8-${n}-${b}-${i}`,
                  clock: { [d.deviceId]: 1 },
                  payload: envelopeText(700),
                }),
              ),
            ),
          );
        }
        return batches;
      }),
    );
    const auth = (d: { accessToken: string }) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${d.accessToken}`,
    });
    // warm-up: one small push each
    await Promise.all(
      devices.map(async (d, n) => {
        const item = await signedItem(d, 'default', { id: `warm-${n}`, clock: { [d.deviceId]: 1 } });
        await (
          await fetch(`${service.url}/sync/push`, {
            method: 'POST',
            headers: auth(d),
            body: JSON.stringify({ items: [item] }),
          })
        ).text();
      }),
    );
    const floorLatencies: number[] = [];
    const floorStarted = performance.now();
    await Promise.all(
      devices.map(async (d) => {
        for (let b = 0; b < BATCHES; b++) {
          const sent = performance.now();
          await (await fetch(`${service.url}/sync/status`, { headers: auth(d) })).text();
          floorLatencies.push(performance.now() - sent);
        }
      }),
    );
    const floorSeconds = (performance.now() - floorStarted) / 1000;
    const stages = new Map<string, number>();
    const latencies: number[] = [];
    const started = performance.now();
    const accepted = await Promise.all(
      devices.map(async (d, n) => {
        let count = 0;
        for (const items of work[n] ?? []) {
          const sent = performance.now();
          const res = await fetch(`${service.url}/sync/push`, {
            method: 'POST',
            headers: auth(d),
            body: JSON.stringify({ items }),
          });
          const body = (await res.json()) as PushResponse;
          latencies.push(performance.now() - sent);
          for (const part of (res.headers.get('server-timing') ?? '').split(',')) {
            const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
            if (m) stages.set(m[1] as string, (stages.get(m[1] as string) ?? 0) + Number(m[2]));
          }
          if (body.rejected.length > 0)
            throw new Error(`push refused items: ${JSON.stringify(body.rejected[0])}`);
          count += body.accepted.length;
        }
        return count;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = DEVICES * BATCHES * BATCH_SIZE;
    if (accepted.reduce((a, b) => a + b, 0) !== total) throw new Error('items lost');
    const manifest = (await (
      await fetch(`${service.url}/sync/manifest`, { headers: auth(devices[0] as { accessToken: string }) })
    ).json()) as {
      items: { id: string; serverCursor: number }[];
    };
    const listed = new Set(manifest.items.map((i) => i.id));
    if (listed.size !== manifest.items.length) throw new Error('an item is listed twice');
    for (const batches of work)
      for (const items of batches)
        for (const i of items) if (!listed.has(i.id)) throw new Error(`lost ${i.id}`);
    // every accepted item took its own cursor: none shared, none reused
    const cursors = manifest.items.map((i) => i.serverCursor);
    if (new Set(cursors).size !== cursors.length) throw new Error('a cursor was given twice');
    const pushes = DEVICES * BATCHES;
    const split = [...stages].map(([k, ms]) => `${k} ${Math.round(ms / pushes)}`).join(', ');
    const group = 'sync-service';
    // wrangler dev runs the Worker, D1 and R2 in ONE workerd process on this machine's cores, so
    // every figure here includes D1's and R2's own work and understates a Cloudflare deployment
    const note = `${DEVICES} devices of one account x ${BATCHES} batches x ${BATCH_SIZE} items, local workerd (Worker, D1 and R2 in one process), load ${loadavg()[0]?.toFixed(1)}`;
    return [
      {
        group,
        name: 'push throughput, 8 devices at once',
        value: total / seconds,
        unit: 'items/s',
        target: '>= 2000',
        ok: total / seconds >= 2000,
        note,
      },
      {
        group,
        name: 'floor: GET /sync/status, 8 devices at once (x100)',
        value: ((DEVICES * BATCHES) / floorSeconds) * BATCH_SIZE,
        unit: 'items/s',
        note: 'the middleware alone at the same concurrency',
      },
      {
        group,
        name: 'push p95, 8 devices at once (100 items a request)',
        value: p95(latencies),
        unit: 'ms',
        note: `${note}; wall time a request at the client`,
      },
      {
        group,
        name: 'floor: GET /sync/status p95, 8 devices at once',
        value: p95(floorLatencies),
        unit: 'ms',
        note: 'the middleware alone at the same concurrency',
      },
      {
        group,
        name: 'push split under 8 devices (ms a request, Server-Timing)',
        value: (stages.get('total') ?? 0) / pushes,
        unit: 'ms',
        note: split,
      },
    ];
  } finally {
    await service.stop();
  }
}
