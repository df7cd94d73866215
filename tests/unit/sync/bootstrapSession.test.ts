import { describe, expect, it } from 'vitest';
import {
  createBootstrapSession,
  isPullRoute,
  withBootstrapToken,
} from '../../../src/sync/engine/bootstrap/bootstrapSession';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { StatePort } from '../../../src/sync/engine/ports';
import { LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';

type Answer = SyncResult<unknown>;
const refused = (status: number, code: string): Answer => ({
  ok: false,
  error: { status, code, message: code },
});

function fake(answers: Record<string, Answer[]>) {
  const calls: { method: string; path: string; options: CallOptions }[] = [];
  const call = (async (method: string, path: string, options: CallOptions = {}) => {
    calls.push({ method, path, options });
    const queue = answers[`${method} ${path.split('?')[0]}`];
    return queue?.shift() ?? { ok: true, value: {} };
  }) as SyncCall;
  return { call, calls };
}

const state = (cursor?: number): StatePort => ({
  get: async <T>(key: string) => (key === LAST_CURSOR ? (cursor as T) : undefined),
  set: async () => {},
});
const HOUR = 3_600_000;

describe('bootstrap session (client)', () => {
  it('opens only for a device that never pulled, and once per engine', async () => {
    let now = 0;
    const { call, calls } = fake({
      'POST /sync/bootstrap': [{ ok: true, value: { token: 't1', expiresAt: HOUR } }],
    });
    const s = createBootstrapSession({ call, vaultId: 'v', now: () => now });
    await s.openIfFresh(state(42));
    expect(calls).toHaveLength(0);
    await s.openIfFresh(state(0));
    expect(await s.current()).toBe('t1');
    await s.close();
    await s.openIfFresh(state(undefined));
    expect(calls.map((c) => c.path)).toEqual(['/sync/bootstrap', '/sync/bootstrap/close']);
    expect(calls[1]?.options.body).toEqual({ token: 't1' });
    now = 1;
    expect(await s.current()).toBeNull();
  });

  for (const [status, code] of [
    [404, 'NOT_FOUND'],
    [501, 'BOOTSTRAP_UNAVAILABLE'],
    [409, 'BOOTSTRAP_NOT_ELIGIBLE'],
    [429, 'BOOTSTRAP_SESSION_LIMIT'],
    [0, 'NETWORK_OFFLINE'],
  ] as const) {
    it(`proceeds without a token on ${status} ${code}`, async () => {
      const { call, calls } = fake({ 'POST /sync/bootstrap': [refused(status, code)] });
      const s = createBootstrapSession({ call, vaultId: 'v', now: () => 0 });
      await s.openIfFresh(state(undefined));
      expect(await s.current()).toBeNull();
      const pull = withBootstrapToken(call, s);
      await pull('GET', '/sync/changes?cursor=0');
      expect(calls.at(-1)?.options.headers).toBeUndefined();
      await s.close(); // nothing to close
      expect(calls).toHaveLength(2);
    });
  }

  it('renews within 5 minutes of expiry, keeps the token through a network failure, drops it on 403', async () => {
    let now = 0;
    const { call, calls } = fake({
      'POST /sync/bootstrap': [{ ok: true, value: { token: 't1', expiresAt: HOUR } }],
      'POST /sync/bootstrap/renew': [
        { ok: true, value: { token: 't2', expiresAt: 2 * HOUR } },
        refused(0, 'NETWORK_OFFLINE'),
        refused(403, 'BOOTSTRAP_SESSION_EXPIRED'),
      ],
    });
    const s = createBootstrapSession({ call, vaultId: 'v', now: () => now });
    await s.openIfFresh(state(undefined));
    now = HOUR - 6 * 60_000;
    expect(await s.current()).toBe('t1');
    now = HOUR - 4 * 60_000;
    expect(await s.current()).toBe('t2');
    expect(calls.at(-1)?.options.body).toEqual({ token: 't1' });
    now = 2 * HOUR - 60_000;
    expect(await s.current()).toBe('t2');
    expect(await s.current()).toBeNull();
    expect(calls.filter((c) => c.path === '/sync/bootstrap/renew')).toHaveLength(3);
  });

  it('puts the header on pull routes only', async () => {
    const { call, calls } = fake({
      'POST /sync/bootstrap': [{ ok: true, value: { token: 'tok', expiresAt: HOUR } }],
    });
    const s = createBootstrapSession({ call, vaultId: 'v', now: () => 0 });
    await s.openIfFresh(state(undefined));
    const pull = withBootstrapToken(call, s);
    await pull('GET', '/sync/changes?cursor=5', { vaultId: 'v' });
    await pull('POST', '/sync/push', { body: {} });
    await pull('POST', '/sync/crdt/snapshot', { body: {} });
    await pull('GET', '/sync/crdt/snapshot/n1');
    expect(calls.slice(1).map((c) => c.options.headers?.['x-svc-bootstrap-token'] ?? null)).toEqual([
      'tok',
      null,
      null,
      'tok',
    ]);
    expect(calls[1]?.options.vaultId).toBe('v');
    expect(isPullRoute('POST', '/sync/crdt/updates')).toBe(false);
    expect(isPullRoute('GET', '/sync/crdt/updates?note_id=a&since=0&limit=1')).toBe(true);
    expect(isPullRoute('POST', '/sync/crdt/updates/batch')).toBe(true);
  });
});
