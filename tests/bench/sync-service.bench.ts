import type { PushResponse } from '../../src/sync/protocol/push';
import { envelopeText, signedItem } from '../server/items';
import { startSyncService } from '../server/spawn-service';
import { benchSignIn } from './benchSignIn';
import type { BenchRow } from './types';

const BATCHES = 10;
const BATCH_SIZE = 100;
const PAGE_SAMPLES = 15;

/** Parses `Server-Timing: d1;dur=1.5, blobs;dur=3` into {d1: 1.5, blobs: 3}. */
function stages(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (m) out[m[1] as string] = Number(m[2]);
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

const signIn = (base: string) => benchSignIn(base, `bench-${Date.now()}@test.cairn.local`);

/**
 * Push throughput (100-item batches of ~1 KB payloads) and changes-page latency (500 refs) on
 * local workerd with local D1/R2, split by the service's Server-Timing stages (development only):
 * `sig` Ed25519 verification, `d1` metadata reads and the commit batch, `blobs` object writes/reads (D1 inline objects and R2).
 */
export default async function bench(): Promise<BenchRow[]> {
  const service = await startSyncService();
  try {
    const device = await signIn(service.url);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${device.accessToken}` };
    const batches = [];
    for (let b = 0; b <= BATCHES; b++) {
      batches.push(
        await Promise.all(
          Array.from({ length: BATCH_SIZE }, (_, i) =>
            signedItem(device, 'default', {
              id: `bench-${b}-${i}`,
              clock: { [device.deviceId]: 1 },
              payload: envelopeText(700),
            }),
          ),
        ),
      );
    }
    const payloadBytes = mean(batches.flat().map((i) => i.sizeBytes));
    const pushMs: number[] = [];
    const split: Record<string, number[]> = { sig: [], d1: [], blobs: [] };
    for (const [b, items] of batches.entries()) {
      const started = performance.now();
      const res = await fetch(`${service.url}/sync/push`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ items }),
      });
      const body = (await res.json()) as PushResponse;
      const ms = performance.now() - started;
      if (body.accepted.length !== BATCH_SIZE)
        throw new Error(`push refused items: ${JSON.stringify(body.rejected[0])}`);
      if (b === 0) continue; // warm-up
      pushMs.push(ms);
      const s = stages(res.headers.get('server-timing'));
      for (const k of Object.keys(split)) split[k]?.push(s[k] ?? 0);
    }
    const pageMs: number[] = [];
    const pageD1: number[] = [];
    for (let i = 0; i < PAGE_SAMPLES; i++) {
      const started = performance.now();
      const res = await fetch(`${service.url}/sync/changes?cursor=0`, { headers });
      const body = (await res.json()) as { refs: unknown[] };
      if (body.refs.length !== 500) throw new Error(`expected 500 refs, got ${body.refs.length}`);
      pageMs.push(performance.now() - started);
      pageD1.push(stages(res.headers.get('server-timing')).d1 ?? 0);
    }
    const itemsPerSecond = (BATCH_SIZE * pushMs.length) / (pushMs.reduce((a, b) => a + b, 0) / 1000);
    const group = 'sync-service';
    const note = `local workerd, ${BATCHES} batches x ${BATCH_SIZE} items of ${Math.round(payloadBytes)} B`;
    return [
      { group, name: 'push throughput', value: itemsPerSecond, unit: 'items/s', note },
      { group, name: 'push batch latency p50 (100 items)', value: median(pushMs), unit: 'ms' },
      { group, name: 'push split: signature verification / batch', value: mean(split.sig ?? []), unit: 'ms' },
      { group, name: 'push split: D1 / batch', value: mean(split.d1 ?? []), unit: 'ms' },
      { group, name: 'push split: blob writes / batch', value: mean(split.blobs ?? []), unit: 'ms' },
      {
        group,
        name: 'changes page latency p50 (500 refs)',
        value: median(pageMs),
        unit: 'ms',
        note: `${PAGE_SAMPLES} samples`,
      },
      {
        group,
        name: 'changes page split: D1',
        value: mean(pageD1),
        unit: 'ms',
        note: 'no R2 read without inline=1',
      },
    ];
  } finally {
    await service.stop();
  }
}
