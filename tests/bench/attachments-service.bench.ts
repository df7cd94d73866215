import { createHash, randomBytes } from 'node:crypto';
import {
  ATTACHMENT_CHUNK_PLAINTEXT_BYTES,
  PRESIGN_BATCH_MAX_HASHES,
  type PresignBatchResponse,
} from '../../src/sync/protocol/attachments';
import type { SessionTokens } from '../../src/sync/protocol/auth';
import { startSyncService } from '../server/spawn-service';
import type { BenchRow } from './types';

const CHUNKS = 50;
const CHUNK_BYTES = ATTACHMENT_CHUNK_PLAINTEXT_BYTES + 41;
const MB = 1024 * 1024;

async function signIn(base: string): Promise<SessionTokens> {
  const email = `bench-files-${Date.now()}@test.cairn.local`;
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const otp = (await post('/auth/otp/request', { email })) as { devCode: string };
  return (await post('/auth/sign-in', {
    email,
    code: otp.devCode,
    device: { name: 'bench', publicKey },
  })) as SessionTokens;
}

/**
 * The service's half of file sync on local workerd (no client crypto): a 50 MB file's chunks
 * (1 MiB + sealing) uploaded one request each, then presigned and downloaded through the signed
 * object route, one request at a time and 4 at a time (the client's concurrency is its own).
 * Floor, same run: the download, which is the route without authentication, D1 or hashing.
 */
export default async function bench(): Promise<BenchRow[]> {
  const service = await startSyncService();
  try {
    const session = await signIn(service.url);
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const chunks = Array.from({ length: CHUNKS }, () => new Uint8Array(randomBytes(CHUNK_BYTES)));
    const split = new Map<string, number>();
    const hashes = chunks.map((c) => createHash('sha256').update(c).digest('hex'));
    const put = async (i: number) => {
      const res = await fetch(`${service.url}/sync/attachments/chunks/${hashes[i]}`, {
        method: 'PUT',
        headers: { ...auth, 'x-svc-attachment-id': 'bench-file', 'x-svc-file-size': String(50 * MB) },
        body: chunks[i],
      });
      if (res.status !== 200) throw new Error(`upload ${res.status}: ${await res.text()}`);
      for (const part of (res.headers.get('server-timing') ?? '').split(',')) {
        const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
        if (m) split.set(m[1] as string, (split.get(m[1] as string) ?? 0) + Number(m[2]));
      }
      await res.arrayBuffer();
    };
    const lanes = async (n: number, total: number, work: (i: number) => Promise<void>) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: n }, async () => {
          while (next < total) await work(next++);
        }),
      );
    };
    const timed = async (f: () => Promise<void>) => {
      const started = performance.now();
      await f();
      return performance.now() - started;
    };
    const totalMB = (CHUNKS * CHUNK_BYTES) / MB;
    // first half one at a time, second half 4 at a time (each chunk is new: stored, not skipped)
    const half = CHUNKS / 2;
    const upSerial = await timed(() => lanes(1, half, put));
    const upParallel = await timed(() => lanes(4, half, (i) => put(half + i)));
    const perChunk = (stage: string) => (split.get(stage) ?? 0) / CHUNKS;

    const urls: string[] = [];
    const presignMs = await timed(async () => {
      for (let i = 0; i < CHUNKS; i += PRESIGN_BATCH_MAX_HASHES) {
        const res = await fetch(`${service.url}/sync/attachments/presign-batch`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ hashes: hashes.slice(i, i + PRESIGN_BATCH_MAX_HASHES) }),
        });
        urls.push(...((await res.json()) as PresignBatchResponse).urls.map((u) => u.url));
      }
    });
    if (urls.length !== CHUNKS) throw new Error(`presigned ${urls.length} of ${CHUNKS}`);
    const get = async (i: number) => {
      const bytes = await (await fetch(urls[i] as string)).arrayBuffer();
      if (bytes.byteLength !== CHUNK_BYTES) throw new Error(`chunk ${i}: ${bytes.byteLength} bytes`);
    };
    const downSerial = await timed(() => lanes(1, half, get));
    const downParallel = await timed(() => lanes(4, half, (i) => get(half + i)));

    const group = 'attachments-service';
    const rate = (ms: number) => totalMB / 2 / (ms / 1000);
    const note = `local workerd, ${CHUNKS} chunks of ${CHUNK_BYTES} B (${totalMB.toFixed(1)} MB), half each way`;
    return [
      { group, name: 'chunk upload, 1 request at a time', value: rate(upSerial), unit: 'MB/s', note },
      { group, name: 'chunk upload, 4 at a time', value: rate(upParallel), unit: 'MB/s' },
      ...['total', 'body', 'hash', 'd1', 'blobs'].map((stage) => ({
        group,
        name: `upload split: ${stage} / chunk`,
        value: perChunk(stage),
        unit: 'ms',
        note: stage === 'total' ? 'Server-Timing stages (development)' : '',
      })),
      {
        group,
        name: 'presign-batch (90 hashes a request)',
        value: presignMs,
        unit: 'ms',
        note: `${CHUNKS} hashes`,
      },
      {
        group,
        name: 'floor: signed-URL download, 1 at a time',
        value: rate(downSerial),
        unit: 'MB/s',
        note: 'the object route: no session, no D1, no hashing',
      },
      { group, name: 'floor: signed-URL download, 4 at a time', value: rate(downParallel), unit: 'MB/s' },
    ];
  } finally {
    await service.stop();
  }
}
