import type { PushResponse } from '../../src/sync/protocol/push';
import { envelopeText, signedItem } from '../server/items';
import { startSyncService } from '../server/spawn-service';
import { benchSignIn } from './benchSignIn';
import type { BenchRow } from './types';

const DEVICES = 8;
const BATCHES = 5;
const BATCH_SIZE = 100;

const signIn = (base: string, email: string) => benchSignIn(base, email);

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
    const floorStarted = performance.now();
    await Promise.all(
      devices.map(async (d) => {
        for (let b = 0; b < BATCHES; b++)
          await (await fetch(`${service.url}/sync/status`, { headers: auth(d) })).text();
      }),
    );
    const floorSeconds = (performance.now() - floorStarted) / 1000;
    const stages = new Map<string, number>();
    const started = performance.now();
    const accepted = await Promise.all(
      devices.map(async (d, n) => {
        let count = 0;
        for (const items of work[n] ?? []) {
          const res = await fetch(`${service.url}/sync/push`, {
            method: 'POST',
            headers: auth(d),
            body: JSON.stringify({ items }),
          });
          const body = (await res.json()) as PushResponse;
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
      items: { id: string }[];
    };
    const listed = new Set(manifest.items.map((i) => i.id));
    for (const batches of work)
      for (const items of batches)
        for (const i of items) if (!listed.has(i.id)) throw new Error(`lost ${i.id}`);
    const pushes = DEVICES * BATCHES;
    const split = [...stages].map(([k, ms]) => `${k} ${Math.round(ms / pushes)}`).join(', ');
    const group = 'sync-service';
    const note = `${DEVICES} devices of one account x ${BATCHES} batches x ${BATCH_SIZE} items, local workerd`;
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
