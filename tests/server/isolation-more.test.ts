import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, base, errorCode, signInDevice, type TestDevice } from './helpers';
import { b64, CHUNK_HASH, seedA, viewOf } from './isolation-seed';
import { signedItem } from './items';

/**
 * Issue 18 part 5, the routes isolation.test and isolation-writes do not reach: every remaining
 * route called by a revoked device of A (refused DEVICE_REVOKED, A's data unchanged), and by
 * another account (bootstrap close, presign-batch, key handoff, packs, the socket). The table of
 * every route is docs/isolation.md.
 */

/** The WebSocket handshake's HTTP status (101 when it opened; the socket is closed again). */
function handshake(d: TestDevice, query: string): Promise<{ status: number; ws?: WebSocket }> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/sync/socket?${query}`, [
    'cairn-sync.v1',
    `bearer.${d.accessToken}`,
  ]);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', reject);
  });
}

describe('account isolation on the remaining routes (real workerd)', () => {
  it('a revoked device of A is refused DEVICE_REVOKED on every route, and A’s data is unchanged', async () => {
    const { a, vaultId } = await seedA();
    const lost = await signInDevice(a.email, 'lost phone');
    const h = { 'x-svc-vault-id': vaultId };
    // before the revocation: a bootstrap session of its own, and a sealed key waiting for it
    const opened = await api<{ token: string }>('/sync/bootstrap', {
      token: lost.accessToken,
      headers: h,
      body: {},
    });
    expect(opened.status).toBe(200);
    const handed = await api('/keys/handoff', {
      token: a.accessToken,
      body: { toDeviceId: lost.deviceId, vaultId, sealedKey: b64(80, 5) },
    });
    expect(handed.status).toBe(200);
    expect(
      (await api('/devices/revoke', { token: a.accessToken, body: { deviceId: lost.deviceId } })).status,
    ).toBe(200);
    const before = await viewOf(a, vaultId);

    const calls: [string, string, unknown?][] = [
      ['GET', '/sync/manifest'],
      ['GET', '/sync/crdt/updates?note_id=SECRET-NOTE'],
      ['POST', '/sync/crdt/updates/batch', { notes: [{ noteId: 'SECRET-NOTE', since: 0 }] }],
      ['GET', '/sync/crdt/snapshot/SECRET-NOTE'],
      ['POST', '/sync/bootstrap/renew', { token: opened.body.token }],
      ['POST', '/sync/bootstrap/close', { token: opened.body.token }],
      ['GET', '/sync/packs'],
      ['GET', '/sync/status'],
      ['POST', '/sync/attachments/presign-batch', { hashes: [CHUNK_HASH] }],
      ['GET', '/auth/key-verifier'],
      ['GET', '/auth/devices'],
      ['GET', '/devices'],
      ['POST', '/devices/revoke', { deviceId: a.deviceId }],
      ['POST', '/keys/claim', {}],
      ['POST', '/keys/handoff', { toDeviceId: a.deviceId, vaultId, sealedKey: b64(80, 9) }],
      ['GET', '/auth/billing'],
      ['POST', '/auth/billing/reconcile', {}],
      ['POST', '/auth/billing/portal-session', {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, token: lost.accessToken, headers: h, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(401);
      expect(errorCode(res), `${method} ${path}`).toBe('DEVICE_REVOKED');
    }
    // the socket's handshake is refused with the same answer
    expect((await handshake(lost, `vault=${vaultId}`)).status).toBe(401);
    // A's device still works, A's data is as it was, and the sealed key still waits unclaimed
    expect(await viewOf(a, vaultId)).toEqual(before);
    expect(before.join('\n')).toContain(a.deviceId);
  });

  it('another account can neither close A’s bootstrap session, presign A’s chunks, nor hand A’s devices a key', async () => {
    const { a, vaultId } = await seedA();
    const h = { 'x-svc-vault-id': vaultId };
    const opened = await api<{ token: string }>('/sync/bootstrap', {
      token: a.accessToken,
      headers: h,
      body: {},
    });
    expect(opened.status).toBe(200);
    const b = await signInDevice();
    const before = await viewOf(a, vaultId);
    // twice: before B holds a vault of that UUID, and after B registered "it" (its own)
    for (const round of [1, 2]) {
      const close = await api('/sync/bootstrap/close', {
        token: b.accessToken,
        headers: h,
        body: { token: opened.body.token },
      });
      expect(close.status, `round ${round}: ${close.text}`).toBeLessThan(500);
      expect(close.status).not.toBe(200);
      const presign = await api<{ urls: unknown[]; missing: string[] }>('/sync/attachments/presign-batch', {
        token: b.accessToken,
        headers: h,
        body: { hashes: [CHUNK_HASH] },
      });
      expect(presign.status, presign.text).toBeLessThan(500);
      if (presign.status === 200) expect(presign.body).toEqual({ urls: [], missing: [CHUNK_HASH] });
      const handoff = await api('/keys/handoff', {
        token: b.accessToken,
        body: { toDeviceId: a.deviceId, vaultId, sealedKey: b64(80, 9) },
      });
      expect(errorCode(handoff)).toBe('NOT_FOUND');
      const packs = await api('/sync/packs', { token: b.accessToken, headers: h });
      expect(packs.text).not.toContain(a.userId);
      await api('/sync/vaults', {
        token: b.accessToken,
        body: { vaultId, encryptedName: b64(40, 9), nameNonce: b64(24, 9) },
      });
    }
    // A's session is still open (renewable), and A has no key handed to it
    const renew = await api('/sync/bootstrap/renew', {
      token: a.accessToken,
      headers: h,
      body: { token: opened.body.token },
    });
    expect(renew.status, renew.text).toBe(200);
    expect(await viewOf(a, vaultId)).toEqual(before);
  });

  it("another account's socket on A's vault id hears nothing of A's writes", async () => {
    const { a, vaultId } = await seedA();
    const b = await signInDevice();
    const b2 = await signInDevice(b.email, 'b2');
    await api('/sync/vaults', {
      token: b.accessToken,
      body: { vaultId, encryptedName: b64(40, 9), nameNonce: b64(24, 9) },
    });
    const opened = await handshake(b, `vault=${vaultId}&items=1`);
    expect(opened.status).toBe(101);
    const ws = opened.ws as WebSocket;
    const frames: string[] = [];
    const heardB2 = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const text = String(data);
        frames.push(text);
        if (text.includes('B2-ITEM')) resolve();
      }),
    );
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (frames.some((f) => f.includes('"connected"'))) {
          clearInterval(t);
          resolve();
        }
      }, 20);
    });
    const h = { 'x-svc-vault-id': vaultId };
    const pushA = await api('/sync/push', {
      token: a.accessToken,
      headers: h,
      body: { items: [await signedItem(a, vaultId, { id: 'SECRET-ID', clock: { [a.deviceId]: 2 } })] },
    });
    expect(pushA.status).toBe(200);
    expect(
      (
        await api('/sync/crdt/updates', {
          token: a.accessToken,
          headers: h,
          body: { noteId: 'SECRET-NOTE', update: b64(12, 8) },
        })
      ).status,
    ).toBe(200);
    // then B's other device writes to B's vault of that id: B's socket hears that one
    const pushB = await api('/sync/push', {
      token: b2.accessToken,
      headers: h,
      body: { items: [await signedItem(b2, vaultId, { id: 'B2-ITEM', clock: { [b2.deviceId]: 1 } })] },
    });
    expect(pushB.status).toBe(200);
    await heardB2;
    ws.close();
    const heard = frames.join('\n');
    for (const s of ['SECRET-ID', 'SECRET-NOTE', a.userId, a.deviceId]) expect(heard).not.toContain(s);
  });
});
