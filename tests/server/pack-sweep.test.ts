import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_SETTLE_MS } from '../../server/src/packs/build';
import type { SessionTokens } from '../../src/sync/protocol/auth';
import type { PackListResponse } from '../../src/sync/protocol/packs';
import { signedSnapshot } from './items';
import { type RunningService, startSyncService } from './spawn-service';

// The cron sweep alone (spec 3.6): a deployment whose queue is not bound, as when every enqueue
// was lost. server/wrangler.jsonc without its `queues` block, on real workerd: pushes succeed,
// nothing is built until the 6-hourly trigger runs (GET /cdn-cgi/handler/scheduled, Miniflare's
// trigger route), and each tick builds at most PACKS_PER_BACKFILL_TICK (3) packs. This service
// holds only this test's vault, so every pack it lists was built by a tick.

const root = resolve(import.meta.dirname, '../..');
let dir = '';
let service: RunningService | null = null;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-no-queue-'));
  const shipped = readFileSync(join(root, 'server/wrangler.jsonc'), 'utf8');
  const start = shipped.indexOf('"queues": {');
  const end = shipped.indexOf('\n  },', start);
  if (start < 0 || end < 0) throw new Error('server/wrangler.jsonc changed shape');
  const noQueue = (shipped.slice(0, start) + shipped.slice(end + '\n  },'.length))
    .replace('"main": "src/index.ts"', `"main": ${JSON.stringify(join(root, 'server/src/index.ts'))}`)
    .replace(
      '"migrations_dir": "migrations"',
      `"migrations_dir": ${JSON.stringify(join(root, 'server/migrations'))}`,
    );
  writeFileSync(join(dir, 'wrangler.jsonc'), noQueue);
  service = await startSyncService([], { config: join(dir, 'wrangler.jsonc') });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

async function call<T>(
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${service?.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function signIn() {
  const email = `sweep-${Date.now()}@test.cairn.local`;
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
  const otp = await call<{ devCode: string }>('/auth/otp/request', null, { email });
  const session = await call<SessionTokens>('/auth/sign-in', null, {
    email,
    code: otp.body.devCode,
    device: { name: 'sweep', platform: 'web', publicKey },
  });
  return { ...session.body, privateKey: pair.privateKey };
}

const tick = async () => {
  const res = await fetch(
    `${service?.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('0 */6 * * *')}`,
  );
  expect(res.status).toBe(200);
  await res.body?.cancel();
};

describe('pack sweep without a queue (real workerd)', () => {
  it('pushes succeed with no queue; each 6-hourly tick builds at most 3 packs until the backlog is drained', async () => {
    const d = await signIn();
    const notes = Array.from({ length: 3 * 256 + 40 }, (_, i) => `w-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < notes.length; i += 50) {
      const snapshots = await Promise.all(
        notes.slice(i, i + 50).map((noteId) =>
          signedSnapshot(d, 'default', {
            noteId,
            snapshot: Buffer.from(crypto.getRandomValues(new Uint8Array(40))).toString('base64'),
          }),
        ),
      );
      const res = await call<{ results: { accepted: boolean }[] }>(
        '/sync/crdt/snapshot/batch',
        d.accessToken,
        {
          snapshots,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.results.every((r) => r.accepted)).toBe(true);
    }
    const lastWrite = Date.now();
    const listed = async () => (await call<PackListResponse>('/sync/packs', d.accessToken)).body.packs;
    expect(await listed()).toEqual([]);
    // a row is packed once it is PACK_SETTLE_MS old (by the service's clock, this machine's): from
    // then on the whole backlog is there for the sweep
    await new Promise((r) => setTimeout(r, Math.max(0, lastWrite + PACK_SETTLE_MS + 100 - Date.now())));
    let previous = 0;
    const growth: number[] = [];
    for (;;) {
      await tick();
      const packs = await listed();
      growth.push(packs.length - previous);
      previous = packs.length;
      if (packs.reduce((n, p) => n + p.entryCount, 0) === notes.length) break;
      if (growth.length > 3) throw new Error(`ticks built ${growth.join(', ')} packs: backlog not drained`);
    }
    // 808 rows: three full packs in the first building tick, the 40 left in the next
    expect(growth).toEqual([3, 1]);
    expect(previous).toBe(4);
    // no queue: nothing more is built by anyone
    await tick();
    expect(await listed()).toHaveLength(4);
  });
});
