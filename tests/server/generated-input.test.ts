import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/sync/protocol/errors';
import { api, errorCode, signInDevice } from './helpers';
import { b64, CHUNK_HASH, seedA, viewOf } from './isolation-seed';
import { signedItem, signedSnapshot } from './items';

/**
 * Issue 18 part 4: generated bodies, queries and headers against every body-taking route of the
 * real service. Each body starts from a valid one (the shapes of src/sync/protocol's schemas) and
 * is broken by fast-check: a required field removed or given a value of another JSON type, plus
 * hostile strings (huge, lone surrogates, RTL overrides, NULs), `__proto__`/`constructor` keys,
 * deep nesting, NaN and Infinity written as bare JSON tokens. Asserted: no 5xx; every refusal is
 * the spec's envelope with a code whose status is the one answered (a bare 413 the only exception);
 * and the account's data, read back on every read route, is what it was: nothing stored.
 * Replay: FC_SEED=<printed seed> npx vitest run --project server tests/server/generated-input.test.ts
 */
const RUNS = Number(process.env.FC_RUNS ?? 12);
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom('\uD800', '\u202Eevil', 'a\u0000b', '𝕏'.repeat(3), '../../etc/passwd', '%00', ''),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);
/** deep nesting, spliced into the raw text (a 5,000-deep value would overflow the test's own stack) */
const deep = fc.integer({ min: 50, max: 5000 }).map((n) => `@@DEEP${n}@@`);
const nested = (n: number) => `${'[{"a":'.repeat(n)}1${'}]'.repeat(n)}`;
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, true, false, -1, 2 ** 53, 1e308, [], {}),
  deep,
  fc.jsonValue({ maxDepth: 3 }),
);
/** markers the raw body carries as bare JSON tokens (JSON.stringify cannot write them) */
const RAW = { NaN: '"@@NaN@@"', Infinity: '"@@Inf@@"' };
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** every path to a leaf or object of `v` (arrays: their first element) */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.length ? [at, ...paths(v[0], [...at, 0])] : [at];
  if (v && typeof v === 'object') return [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
  return [at];
}

type Mutation =
  | { kind: 'remove' | 'retype'; path: number; value: unknown }
  | { kind: 'whole'; value: unknown };

/** A body broken in one required place, with hostile extras; the raw text sent. */
function mutate(base: unknown, m: Mutation, extras: [string, unknown][], nan: boolean): string {
  const body = structuredClone(base) as Record<string, unknown>;
  let target: unknown = body;
  const all = paths(body).filter((p) => p.length > 0);
  // a body with no fields (`{}`) can only be replaced whole
  if (m.kind === 'whole' || all.length === 0) target = m.value;
  else {
    const path = all[m.path % all.length] as (string | number)[];
    let parent = body as Record<string | number, unknown>;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    const key = path.at(-1) as string | number;
    if (m.kind === 'remove' && !Array.isArray(parent)) delete parent[key];
    else {
      // a value of another JSON type than the valid one
      let v = m.value;
      if (typeOf(v) === typeOf(parent[key])) v = typeOf(v) === 'string' ? 1 : 'x';
      parent[key] = v;
    }
  }
  let text = JSON.stringify(target, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v));
  if (target && typeof target === 'object' && !Array.isArray(target) && text.length < 1_000_000) {
    const extra = extras.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',');
    if (extra) text = `{${extra},${text.slice(1)}`;
    if (nan) text = `{"n":${RAW.NaN},"i":${RAW.Infinity},${text.slice(1)}`;
  }
  return text
    .replaceAll(RAW.NaN, 'NaN')
    .replaceAll(RAW.Infinity, 'Infinity')
    .replace(/"@@DEEP(\d+)@@"/g, (_m, n) => nested(Number(n)));
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), path: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant('retype' as const), path: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant('whole' as const), value: hostileValue }),
);
const extras = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype'), hostileString), hostileValue),
  { maxLength: 3 },
);
const header = fc.option(hostileString.filter((s) => s.length < 4000 && /^[\t\x20-\x7e]*$/.test(s)));

function assertRefusal(route: string, res: { status: number; text: string; body: unknown }) {
  expect(res.status, `${route}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status < 400 || (res.status === 413 && res.text === '')) return;
  const code = errorCode(res as never) as keyof typeof ERROR_STATUS | undefined;
  expect(code, `${route} ${res.status}: ${res.text.slice(0, 300)}`).toBeDefined();
  expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], `${route} ${code}`).toBe(res.status);
}

describe('generated input against every route (real workerd)', () => {
  it(`no 5xx, every refusal with its code, nothing stored (seed ${SEED}, ${RUNS} runs a route)`, async () => {
    console.log(`generated-input: FC_SEED=${SEED} FC_RUNS=${RUNS}`);
    const { a, vaultId } = await seedA();
    const h = { 'x-svc-vault-id': vaultId };
    const boot = await api<{ token: string }>('/sync/bootstrap', {
      token: a.accessToken,
      headers: h,
      body: {},
    });
    const other = await signInDevice(a.email, 'other');
    const routes: [string, string, unknown][] = [
      [
        'POST',
        '/sync/push',
        { items: [await signedItem(a, vaultId, { id: 'GEN', clock: { [a.deviceId]: 5 } })] },
      ],
      ['POST', '/sync/pull', { items: [{ type: 'note', id: 'SECRET-ID' }] }],
      ['POST', '/sync/crdt/updates', { noteId: 'GEN-NOTE', update: b64(10, 3) }],
      ['POST', '/sync/crdt/updates/batch', { notes: [{ noteId: 'SECRET-NOTE', since: 0 }], limit: 10 }],
      [
        'POST',
        '/sync/crdt/snapshot',
        await signedSnapshot(a, vaultId, { noteId: 'GEN-NOTE', snapshot: b64(10, 4) }),
      ],
      [
        'POST',
        '/sync/crdt/snapshot/batch',
        { snapshots: [await signedSnapshot(a, vaultId, { noteId: 'GEN-NOTE', snapshot: b64(12, 4) })] },
      ],
      [
        'POST',
        '/sync/vaults',
        { vaultId: crypto.randomUUID(), encryptedName: b64(40, 9), nameNonce: b64(24, 9) },
      ],
      ['PUT', `/sync/vaults/${vaultId}/icon`, { encryptedIcon: b64(40, 9), iconNonce: b64(24, 9) }],
      ['POST', '/sync/bootstrap/renew', { token: boot.body.token }],
      ['POST', '/sync/attachments/presign-batch', { hashes: [CHUNK_HASH] }],
      ['PUT', '/auth/key-verifier', { verifier: b64(32, 1) }],
      ['POST', '/keys/handoff', { toDeviceId: other.deviceId, vaultId, sealedKey: b64(80, 5) }],
      ['POST', '/keys/claim', {}],
      ['POST', '/devices/revoke', { deviceId: other.deviceId }],
      ['POST', '/auth/refresh', { refreshToken: a.refreshToken }],
      [
        'POST',
        '/auth/sign-in',
        { email: a.email, code: '000000', device: { name: 'x', platform: 'web', publicKey: b64(32, 1) } },
      ],
      ['POST', '/auth/otp/request', { email: 'nobody@example.invalid' }],
    ];
    // read back by another device of A: the generated requests spend the sender's own buckets
    const reader = await signInDevice(a.email, 'reader');
    const before = await viewOf(reader, vaultId);
    const counts: Record<string, number> = {};
    for (const [method, path, base] of routes) {
      const route = `${method} ${path.replace(vaultId, ':vaultId')}`;
      counts[route] = 0;
      await fc.assert(
        fc.asyncProperty(mutation, extras, fc.boolean(), header, header, async (m, ex, nan, vh, types) => {
          const text = mutate(base, m, ex, nan);
          const headers: Record<string, string> = { 'content-type': 'application/json', ...h };
          if (vh !== null) headers['x-svc-vault-id'] = vh;
          if (types !== null) headers['x-svc-sync-types'] = types;
          const res = await api(path, { method, token: a.accessToken, rawBody: text, headers });
          counts[route] = (counts[route] ?? 0) + 1;
          assertRefusal(route, res);
          if (path === '/sync/push' && res.status === 200)
            expect((res.body as { accepted: unknown[] }).accepted, text.slice(0, 300)).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    // queries: cursors, limits and ids of every shape; a lone surrogate goes as invalid UTF-8
    const enc = (x: string) => encodeURIComponent(x.toWellFormed()) + (x.isWellFormed() ? '' : '%ED%A0%80');
    const query = fc.tuple(
      hostileString.filter((s) => s.length < 2000),
      fc.oneof(fc.double(), fc.integer()).map(String),
    );
    for (const tpl of [
      (s: string, n: string) => `/sync/changes?cursor=${enc(n)}&inline=${enc(s)}`,
      (s: string, n: string) => `/sync/manifest?limit=${enc(n)}&cursor=${enc(s)}`,
      (s: string, n: string) => `/sync/crdt/updates?note_id=${enc(s)}&since=${enc(n)}&limit=${n}`,
      (s: string) => `/sync/crdt/snapshot/${enc(s)}`,
      (s: string, n: string) => `/sync/packs?limit=${enc(n)}&cursor=${enc(s)}`,
    ]) {
      const route = `GET ${tpl('S', 'N').split('?')[0]?.replace('/S', '/:noteId')}`;
      counts[route] = 0;
      await fc.assert(
        fc.asyncProperty(query, async ([s, n]) => {
          const res = await api(tpl(s, n), { token: a.accessToken, headers: h });
          counts[route] = (counts[route] ?? 0) + 1;
          assertRefusal(route, res);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    console.log(`generated requests per route, zero 5xx: ${JSON.stringify(counts)}`);
    // A's devices all still there, A's data as it was
    expect(await viewOf(reader, vaultId)).toEqual(before);
  }, 120_000);
});
