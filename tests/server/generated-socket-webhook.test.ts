import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_BODY_MAX_BYTES } from '../../src/sync/protocol/limits';
import { SOCKET_PROTOCOL } from '../../src/sync/protocol/socket';
import { answerOrEarlyRefusal, assertAnswer } from './generated/assertAnswer';
import { answerFor, clientFrame, describeFrame, sendFrame } from './generated/clientFrames';
import { headerString } from './generated/hostile';
import { handshake, upgrade, within } from './generated/socketClient';
import {
  type PaddleVerdict,
  payloadVerdict,
  signatureCase,
  signatureFor,
  signatureVerdict,
  webhookBody,
} from './generated/webhookCases';
import { type ApiResult, api, signInDevice, type TestDevice } from './helpers';
import { seedA, viewOf } from './isolation-seed';
import { signedItem } from './items';

/**
 * Issue 18 part 4, the two routes that are not JSON request/answer:
 * - `GET /sync/socket`: generated handshakes (token, subprotocols, vault, types, item opt-in) and
 *   generated client frames on real sockets (the protocol's `ping`, RFC 6455 pings, forged server
 *   frames, pushes over the socket, hostile text and JSON, fragments, bad UTF-8, binary, frames over
 *   the 1 MiB limit, framing violations, client closes; a flood). Asserted: no 5xx and the spec's
 *   code on every handshake; every bad frame closed with docs/protocol.md's code, every `ping`
 *   answered; nothing stored for A, nothing broadcast to A's other device or to account B;
 * - `POST /billing/webhook`: generated bodies and `Paddle-Signature` headers (docs/billing.md).
 *   Asserted: no 5xx, the codes and reasons of docs/billing.md, a replay is a duplicate, and no
 *   refused delivery changes the account's entitlement (GET /auth/billing).
 * Replay: FC_SEED=<printed seed> npx vitest run --project server tests/server/generated-socket-webhook.test.ts
 */
const RUNS = Number(process.env.FC_RUNS ?? 10);
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const opts = { numRuns: RUNS, seed: SEED, endOnFailure: true };

/** The `sync_socket` bucket is 60 upgrades a minute per device: A's handshakes rotate over devices. */
function devicePool(email: string, perDevice = 40) {
  let current: { d: TestDevice; used: number } | null = null;
  let n = 0;
  return async (): Promise<TestDevice> => {
    if (!current || current.used >= perDevice)
      current = { d: await signInDevice(email, `fuzz ${++n}`), used: 0 };
    current.used++;
    return current.d;
  };
}

const CONNECTED = JSON.stringify({ type: 'connected' });

describe('generated socket frames and billing webhooks (real workerd)', () => {
  it(`socket: generated handshakes and client frames, no 5xx, the spec's codes, nothing stored or broadcast (seed ${SEED})`, async () => {
    console.log(`generated-socket-webhook: FC_SEED=${SEED} FC_RUNS=${RUNS}`);
    const counts: Record<string, number> = {};
    const count = (route: string, n = 1) => {
      counts[route] = (counts[route] ?? 0) + n;
    };
    const phases: Record<string, number> = {};
    let t = performance.now();
    const phase = (name: string) => {
      phases[name] = Math.round(performance.now() - t);
      t = performance.now();
    };
    const { a, vaultId } = await seedA();
    const b = await signInDevice();
    const before = await viewOf(a, vaultId);
    const nextDevice = devicePool(a.email);
    // A's other device and account B listen: a frame sent by a fuzzed socket must reach neither
    const listenerA = await signInDevice(a.email, 'listener');
    const opened = async (d: TestDevice, query: string) => {
      const h = await handshake(d, query);
      if (!h.ok) throw new Error(`handshake refused: ${h.status} ${h.body}`);
      await h.socket.waitFor(CONNECTED);
      return h.socket;
    };
    const heardA = await opened(listenerA, `vault=${vaultId}&items=1`);
    const heardB = await opened(b, 'vault=default&items=1');

    // 1. handshakes: the token (in the subprotocol or Authorization), the subprotocols offered,
    // the vault (query or header), the types and the item opt-in, each valid or hostile
    const vaultValue = fc.option(
      fc.oneof(
        fc.constantFrom(vaultId, vaultId.toUpperCase(), 'default', '', crypto.randomUUID()),
        headerString,
      ),
      { freq: 4 },
    );
    const shake = fc.record({
      who: fc.constantFrom('A', 'A', 'A', 'B', 'no token', 'hostile token', 'A, expired form'),
      via: fc.constantFrom('subprotocol', 'authorization'),
      offer: fc.boolean(),
      vault: vaultValue,
      vaultVia: fc.constantFrom('query', 'header'),
      types: fc.option(headerString, { freq: 3 }),
      items: fc.option(fc.oneof(fc.constant('1'), headerString), { freq: 3 }),
      hostile: headerString,
    });
    await fc.assert(
      fc.asyncProperty(shake, async (s) => {
        const device = s.who === 'A' ? await nextDevice() : b;
        const token =
          s.who === 'no token'
            ? null
            : s.who === 'hostile token'
              ? s.hostile
              : s.who === 'A, expired form'
                ? `${a.accessToken.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`
                : device.accessToken;
        const headers: Record<string, string> = {};
        const protocols = s.offer ? [SOCKET_PROTOCOL] : [];
        if (token !== null && s.via === 'subprotocol') protocols.push(`bearer.${token}`);
        if (token !== null && s.via === 'authorization') headers.authorization = `Bearer ${token}`;
        if (protocols.length) headers['sec-websocket-protocol'] = protocols.join(', ');
        const q = new URLSearchParams();
        if (s.vault !== null && s.vaultVia === 'query') q.set('vault', s.vault);
        if (s.vault !== null && s.vaultVia === 'header') headers['x-svc-vault-id'] = s.vault;
        if (s.types !== null) q.set('types', s.types);
        if (s.items !== null) q.set('items', s.items);
        const res = await upgrade(q.toString(), headers);
        count('WS /sync/socket (handshake)');
        const what = `handshake ${JSON.stringify(s).slice(0, 300)} -> ${res.status} ${res.text.slice(0, 200)}`;
        const authentic = s.who === 'A' || s.who === 'B';
        // what the service resolves the vault from: the header (trimmed, as HTTP does), else the query
        const named = s.vault === null ? null : s.vaultVia === 'header' ? s.vault.trim() : s.vault;
        const vaultOk =
          named === null ||
          named === '' ||
          named === 'default' ||
          (s.who === 'A' && named.toLowerCase() === vaultId);
        const expected = !authentic ? 'UNAUTHENTICATED' : vaultOk ? 101 : 'VALIDATION_ERROR';
        if (expected === 101) expect(res.status, what).toBe(101);
        else {
          const code = assertAnswer(what, { ...res, body: parseJson(res.text), headers: new Headers() }, [
            'UNAUTHENTICATED',
          ]);
          expect(code, what).toBe(expected);
        }
      }),
      { ...opts, numRuns: RUNS },
    );
    phase('handshakes');

    // 2. client frames, a fresh socket each case (a bad frame closes it)
    const frames = fc.array(clientFrame([listenerA.deviceId, b.deviceId, a.deviceId]), {
      minLength: 1,
      maxLength: 3,
    });
    await fc.assert(
      fc.asyncProperty(frames, async (list) => {
        const s = await opened(await nextDevice(), `vault=${vaultId}&items=1`);
        let answer: number[] | 'deaf' | null = null;
        const shown = list.map(describeFrame).join(' | ');
        for (const f of list) {
          answer = answerFor(f);
          await within(sendFrame(s, f), `${shown}: ${describeFrame(f)} answered`);
          count('WS /sync/socket (client frames)');
          if (answer !== null) break;
        }
        if (answer === null) {
          // every frame was one the protocol takes: the socket still answers
          const pongs = s.texts.filter((x) => x === 'pong').length;
          s.ws.send('ping');
          await within(s.waitFor('pong', pongs + 1), `${shown}: ping answered after`);
          s.ws.close(1000);
          await s.closed;
          return;
        }
        if (answer === 'deaf') {
          // the runtime keeps this connection open and silent: the client ends it
          s.ws.terminate();
          await s.closed;
        } else {
          const code = await within(s.closed, `${shown}: socket closed`);
          expect(answer, `${shown}: closed with ${code}`).toContain(code);
        }
        // nothing but the protocol's answers came back
        expect(
          s.texts.filter((x) => x !== CONNECTED && x !== 'pong'),
          shown,
        ).toEqual([]);
      }),
      { ...opts, numRuns: 3 * RUNS },
    );
    phase('frames');

    // 3. a flood: pings in a burst are each answered; bad frames in a burst close the socket once
    const FLOOD = 1000;
    const flood = await opened(await nextDevice(), `vault=${vaultId}`);
    for (let i = 0; i < FLOOD; i++) flood.ws.send('ping');
    await within(flood.waitFor('pong', FLOOD), 'flood of pings answered', 30_000);
    for (let i = 0; i < 200; i++) flood.ws.send(JSON.stringify({ type: 'changes_available', cursor: i }));
    expect(await within(flood.closed, 'flood of bad frames closed')).toBe(1008);
    count('WS /sync/socket (flood frames)', FLOOD + 200);
    phase('flood');

    // the service still upgrades, and nothing of A's changed
    const after = await opened(await nextDevice(), `vault=${vaultId}`);
    after.ws.close(1000);
    // (but the device list: the listener and the fuzzing devices were added, none revoked)
    const devicesOut = (view: string[]) => view.filter((l) => !l.startsWith('GET /devices '));
    const now = await viewOf(a, vaultId);
    expect(devicesOut(now)).toEqual(devicesOut(before));
    expect(now.find((l) => l.startsWith('GET /devices '))).not.toContain('"revokedAt":1');
    // nothing was broadcast: each listener's first frame after `connected` is a real push's
    const pushed = await api<{ maxCursor: number }>('/sync/push', {
      token: a.accessToken,
      headers: { 'x-svc-vault-id': vaultId },
      body: { items: [await signedItem(a, vaultId, { id: 'AFTER-FUZZ', clock: { [a.deviceId]: 1 } })] },
    });
    expect(pushed.status, pushed.text).toBe(200);
    const b2 = await signInDevice(b.email, 'b pusher');
    const pushedB = await api<{ maxCursor: number }>('/sync/push', {
      token: b2.accessToken,
      body: { items: [await signedItem(b2, 'default', { id: 'B-NOTE', clock: { [b2.deviceId]: 1 } })] },
    });
    expect(pushedB.status, pushedB.text).toBe(200);
    for (const [heard, cursor] of [
      [heardA, pushed.body.maxCursor],
      [heardB, pushedB.body.maxCursor],
    ] as const) {
      await heard.received(2);
      expect(heard.texts[0]).toBe(CONNECTED);
      expect(JSON.parse(heard.texts[1] as string)).toMatchObject({ type: 'changes_available', cursor });
      heard.ws.close(1000);
    }
    phase('after');
    console.log(
      `generated socket requests, zero 5xx: ${JSON.stringify(counts, null, 1)}, ms: ${JSON.stringify(phases)}`,
    );
  }, 120_000);

  it(`billing webhook: generated bodies and signatures, no 5xx, docs/billing.md's codes, no refused one changes an entitlement (seed ${SEED})`, async () => {
    const counts: Record<string, number> = {};
    const started = performance.now();
    // the account every potent event names (a development account: its plan is dev_seed until an
    // accepted event writes another)
    const victim = await signInDevice();
    const billingOf = async () => {
      const res = await api('/auth/billing', { token: victim.accessToken });
      expect(res.status, res.text).toBe(200);
      return res.text;
    };
    let entitlement = await billingOf();
    const accepted: { text: string; signature: string }[] = [];
    type Answer = { received?: true; outcome?: string; error?: { reason?: string } } | null;
    const deliver = async (text: string, signature: string | null) =>
      (await answerOrEarlyRefusal(
        () =>
          api('/billing/webhook', {
            rawBody: text,
            // a fresh connection each: a body refused before it was read closes its connection
            headers: {
              'content-type': 'application/json',
              connection: 'close',
              ...(signature === null ? {} : { 'paddle-signature': signature }),
            },
          }),
        Buffer.byteLength(text),
        ACCOUNT_BODY_MAX_BYTES,
      )) as ApiResult<Answer>;
    const replay = fc.option(fc.nat(), { freq: 5 });
    await fc.assert(
      fc.asyncProperty(webhookBody(victim.userId), signatureCase, replay, async (body, sig, again) => {
        counts['POST /billing/webhook'] = (counts['POST /billing/webhook'] ?? 0) + 1;
        if (again !== null && accepted.length > 0) {
          // a delivery the service took, sent again byte for byte within the window: a duplicate
          const old = accepted[again % accepted.length] as { text: string; signature: string };
          const res = await deliver(old.text, old.signature);
          const what = `replay of ${old.text.slice(0, 200)}`;
          expect([res.status, res.body?.outcome], what).toEqual([200, 'duplicate']);
          expect(await billingOf(), `${what}: the entitlement`).toBe(entitlement);
          return;
        }
        const signature = signatureFor(sig, body.text);
        const res = await deliver(body.text, signature);
        const what = `${body.what} ${body.text.slice(0, 200)} (${Buffer.byteLength(body.text)} bytes), signature ${sig.kind}: ${signature?.slice(0, 120)}`;
        const verdict: PaddleVerdict =
          Buffer.byteLength(body.text) > ACCOUNT_BODY_MAX_BYTES
            ? 'too large'
            : signatureVerdict(sig.kind) !== 'ok'
              ? signatureVerdict(sig.kind)
              : payloadVerdict(body.text);
        const code = assertAnswer(what, res, ['BILLING_WEBHOOK_INVALID']);
        if (verdict === 'too large') expect([res.status, res.text], what).toEqual([413, '']);
        else if (verdict === 'ok') {
          expect(res.status, `${what} -> ${res.text}`).toBe(200);
          expect(res.body?.received, what).toBe(true);
          expect(['applied', 'stale', 'duplicate', 'unmatched', 'ignored'], what).toContain(
            res.body?.outcome,
          );
          accepted.push({ text: body.text, signature: signature as string });
          entitlement = await billingOf();
          return;
        } else {
          expect([code, res.body?.error?.reason], `${what} -> ${res.text}`).toEqual([
            'BILLING_WEBHOOK_INVALID',
            verdict,
          ]);
        }
        expect(await billingOf(), `${what}: refused, yet the entitlement changed`).toBe(entitlement);
      }),
      { ...opts, numRuns: 4 * RUNS },
    );
    console.log(
      `generated webhook requests, zero 5xx: ${JSON.stringify(counts, null, 1)}, accepted ${accepted.length}, ms: ${Math.round(performance.now() - started)}`,
    );
  }, 120_000);

  it("a signed body that begins with a BOM is verified over its bytes (it was refused 'signature': found by seed 641606240)", async () => {
    for (const text of ['\uFEFF', '\uFEFF{"event_id":"evt_bom"}']) {
      const res = await api<{ error?: { reason?: string } }>('/billing/webhook', {
        rawBody: text,
        headers: {
          'content-type': 'application/json',
          'paddle-signature': signatureFor({ kind: 'valid', skewSeconds: 0, hostile: '' }, text) as string,
        },
      });
      // verified, then not an event (a BOM is not JSON): 'payload', not 'signature'
      expect([res.status, res.body?.error?.reason], res.text).toEqual([400, 'payload']);
    }
  });
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
