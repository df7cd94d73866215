import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_BODY_MAX_BYTES, MAX_SYNC_BODY_BYTES } from '../../src/sync/protocol/limits';
import { ALWAYS, answerOrEarlyRefusal, assertAnswer } from './generated/assertAnswer';
import { BODY_ROUTES, type BodyRoute } from './generated/bodyRoutes';
import { headerString, hostileString } from './generated/hostile';
import { brokenOf, validTextOf } from './generated/schemaArbitrary';
import { type ApiResult, api, signInDevice, type TestDevice } from './helpers';
import { seedA, viewOf } from './isolation-seed';

/**
 * Issue 18 part 4: generated bodies, queries and headers against every JSON route of the real
 * service. Bodies come from the shared valibot schemas (generated/schemaArbitrary.ts walks them),
 * so a field added to a schema is generated and broken here without editing this file:
 * - broken bodies (a required field removed, a value of another JSON type, a constraint broken,
 *   a hostile value: 300,000-character strings, lone surrogates, RTL overrides, NULs, nesting
 *   5,000 deep, bare NaN/Infinity; extra `__proto__`/`constructor` keys; the whole body replaced),
 *   sent by account A: each is refused VALIDATION_ERROR (or the spec's bare 413, or RATE_LIMITED),
 *   and after each route's run A's cursor, usage, vaults, key verifier and devices are unchanged;
 *   at the end every read route shows A's data as it was;
 * - valid bodies (hostile text within the schema's bounds), sent by a scratch account: never a
 *   5xx, a refusal only with a code the route's row allows (generated/bodyRoutes.ts).
 * Replay: FC_SEED=<printed seed> npx vitest run --project server tests/server/generated-input.test.ts
 */
/** broken bodies per route; valid ones are half as many (they reach deeper, and cost more) */
const RUNS = Number(process.env.FC_RUNS ?? 8);
const VALID_RUNS = Math.ceil(RUNS / 2);
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);

interface Counts {
  broken: number;
  valid: number;
  ms: number;
}

/**
 * Cheap state of A, read after each route's run (the state before is the previous route's):
 * usage (items and note bodies, kept by triggers) and vault count, the key verifier, the devices.
 */
async function stateOf(reader: TestDevice, vaultId: string): Promise<string> {
  const h = { 'x-svc-vault-id': vaultId };
  const parts = await Promise.all([
    api<{ usage: unknown }>('/auth/billing', { token: reader.accessToken }),
    api('/auth/key-verifier', { token: reader.accessToken, headers: h }),
    api('/auth/devices', { token: reader.accessToken }),
  ]);
  for (const p of parts) expect(p.status, p.text).toBe(200);
  return JSON.stringify([parts[0].body.usage, ...parts.slice(1).map((p) => p.text)]);
}

/** A's feed cursor, read around a `/sync` route's run (the changes bucket is per account: not every route). */
async function cursorOf(reader: TestDevice, vaultId: string): Promise<number> {
  const res = await api<{ nextCursor: number }>('/sync/changes?cursor=0', {
    token: reader.accessToken,
    headers: { 'x-svc-vault-id': vaultId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.nextCursor;
}

/** The answer of a per-item route stores nothing: no accepted item, no accepted snapshot. */
function assertNothingAccepted(route: BodyRoute, res: ApiResult, text: string) {
  if (res.status !== 200) return;
  if (route.perItem === 'push')
    expect((res.body as { accepted: unknown[] }).accepted, text.slice(0, 300)).toEqual([]);
  if (route.perItem === 'snapshots')
    expect(
      (res.body as { results: { accepted: boolean }[] }).results.filter((r) => r.accepted),
      text.slice(0, 300),
    ).toEqual([]);
}

const optionalHeader = fc.option(headerString, { freq: 3 });

describe('generated input against every JSON route (real workerd)', () => {
  it(`broken bodies refused with VALIDATION_ERROR and nothing stored, valid ones never a 5xx (seed ${SEED}, ${RUNS} broken and ${VALID_RUNS} valid a route)`, async () => {
    console.log(`generated-input: FC_SEED=${SEED} FC_RUNS=${RUNS}`);
    const { a, vaultId } = await seedA();
    // A's state is read by another of its devices: the generated requests spend the sender's buckets
    const reader = await signInDevice(a.email, 'reader');
    // valid bodies change what they may (a vault registered, an update stored): a scratch account
    const scratch = await seedA();
    const before = await viewOf(reader, vaultId);
    const counts: Record<string, Counts> = {};
    const pathOf = (route: BodyRoute, vault: string) => route.path.replace(':vaultId', vault);

    let last = await stateOf(reader, vaultId);
    for (const route of BODY_ROUTES) {
      const name = `${route.method} ${route.path}`;
      counts[name] = { broken: 0, valid: 0, ms: 0 };
      const sync = route.path.startsWith('/sync/');
      const cursor = sync ? await cursorOf(reader, vaultId) : null;
      // the vault rows (names, icons) around the vault routes (their bucket is small)
      const vaults = route.path.startsWith('/sync/vaults')
        ? (await api('/sync/vaults', { token: reader.accessToken })).text
        : null;
      const t0 = performance.now();
      await fc.assert(
        fc.asyncProperty(brokenOf(route.schema), optionalHeader, optionalHeader, async (b, vh, types) => {
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            'x-svc-vault-id': vaultId,
            // a fresh connection each: a body refused before it was read closes its connection,
            // and a request the client queued on that kept-alive connection would see the reset
            connection: 'close',
          };
          if (vh !== null) headers['x-svc-vault-id'] = vh;
          if (types !== null) headers['x-svc-sync-types'] = types;
          const res = await answerOrEarlyRefusal(
            () =>
              api(pathOf(route, vaultId), {
                method: route.method,
                rawBody: b.text,
                headers,
                ...(route.who === 'account' ? { token: a.accessToken } : {}),
              }),
            Buffer.byteLength(b.text),
            route.path.startsWith('/sync/') ? MAX_SYNC_BODY_BYTES : ACCOUNT_BODY_MAX_BYTES,
          );
          (counts[name] as Counts).broken++;
          const what = `${name} broken (${b.fault} at '${b.at}') ${b.text.slice(0, 200)}`;
          const code = assertAnswer(what, res, route.codes);
          if (route.perItem && res.status === 200) assertNothingAccepted(route, res, b.text);
          // a body its schema refuses is refused as such (the route's other codes come after parsing)
          else
            expect(code === undefined ? res.status : code, what).toSatisfy(
              (c: unknown) => c === 413 || ALWAYS.includes(c as never),
            );
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      (counts[name] as Counts).ms += performance.now() - t0;
      const after = await stateOf(reader, vaultId);
      expect(after, `${name}: A's usage, vaults, key verifier, devices after refused bodies`).toBe(last);
      if (cursor !== null) expect(await cursorOf(reader, vaultId), `${name}: A's cursor`).toBe(cursor);
      if (vaults !== null)
        expect((await api('/sync/vaults', { token: reader.accessToken })).text, `${name}: A's vaults`).toBe(
          vaults,
        );
      last = after;
    }

    for (const route of BODY_ROUTES.filter((r) => r.valid !== false)) {
      const name = `${route.method} ${route.path}`;
      const t0 = performance.now();
      await fc.assert(
        fc.asyncProperty(validTextOf(route.schema), async (text) => {
          const res = await api(pathOf(route, scratch.vaultId), {
            method: route.method,
            rawBody: text,
            headers: { 'content-type': 'application/json', 'x-svc-vault-id': scratch.vaultId },
            ...(route.who === 'account' ? { token: scratch.a.accessToken } : {}),
          });
          (counts[name] as Counts).valid++;
          assertAnswer(`${name} valid ${text.slice(0, 300)}`, res, route.codes);
          // generated signatures never verify: nothing is accepted
          assertNothingAccepted(route, res, text);
        }),
        { numRuns: VALID_RUNS, seed: SEED, endOnFailure: true },
      );
      (counts[name] as Counts).ms += performance.now() - t0;
    }

    // queries: cursors, limits and ids of every shape; a lone surrogate goes as invalid UTF-8
    const enc = (x: string) => encodeURIComponent(x.toWellFormed()) + (x.isWellFormed() ? '' : '%ED%A0%80');
    const query = fc.tuple(
      hostileString.filter((s) => s.length < 2000),
      fc.oneof(fc.double(), fc.integer()).map(String),
    );
    const h = { 'x-svc-vault-id': vaultId };
    for (const [tpl, codes] of [
      [(s: string, n: string) => `/sync/changes?cursor=${enc(n)}&inline=${enc(s)}`, []],
      [(s: string, n: string) => `/sync/manifest?limit=${enc(n)}&cursor=${enc(s)}`, []],
      [(s: string, n: string) => `/sync/crdt/updates?note_id=${enc(s)}&since=${enc(n)}&limit=${n}`, []],
      [(s: string) => `/sync/crdt/snapshot/${enc(s)}`, ['NOT_FOUND']],
      [(s: string, n: string) => `/sync/packs?limit=${enc(n)}&cursor=${enc(s)}`, []],
      [(s: string) => `/auth/oauth/idp?redirect_uri=${enc(s)}`, []],
      [(s: string, n: string) => `/auth/oauth/idp/callback?state=${enc(s)}&code=${enc(n)}`, ['OAUTH_FAILED']],
    ] as const) {
      const name = `GET ${tpl('S', 'N').split('?')[0]?.replace('/S', '/:noteId')}`;
      counts[name] = { broken: 0, valid: 0, ms: 0 };
      const t0 = performance.now();
      await fc.assert(
        fc.asyncProperty(query, async ([s, n]) => {
          const res = await api(tpl(s, n), { token: a.accessToken, headers: h });
          (counts[name] as Counts).broken++;
          assertAnswer(`${name} ${tpl(s, n).slice(0, 200)}`, res, codes);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      (counts[name] as Counts).ms += performance.now() - t0;
    }
    const perRoute = Object.entries(counts).map(
      ([r, c]) => `${r} ${c.broken}+${c.valid} (${Math.round(c.ms)} ms)`,
    );
    console.log(
      `generated requests per route (broken+valid), zero 5xx: ${Object.keys(counts).length} routes, ` +
        `${Object.values(counts).reduce((s, c) => s + c.broken + c.valid, 0)} requests\n  ${perRoute.join('\n  ')}`,
    );
    // every read route shows A's data as it was (the claim of key handoffs included)
    expect(await viewOf(reader, vaultId)).toEqual(before);
  }, 180_000);

  it('a note id with a lone surrogate is refused before the store (it answered 500: D1 kept it as U+FFFD)', async () => {
    const { a, vaultId } = await seedA();
    const h = { 'content-type': 'application/json', 'x-svc-vault-id': vaultId };
    const send = (path: string, text: string) =>
      api(path, { rawBody: text, token: a.accessToken, headers: h });
    const stored = await send('/sync/crdt/updates', '{"noteId":"\\ud800","update":"AAAA"}');
    expect(assertAnswer('update', stored, [])).toBe('VALIDATION_ERROR');
    const read = await send('/sync/crdt/updates/batch', '{"notes":[{"noteId":"\\ud800","since":0}]}');
    expect(assertAnswer('batch', read, [])).toBe('VALIDATION_ERROR');
  });
});
