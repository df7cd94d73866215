import { describe, expect, it } from 'vitest';
import { type ApiResult, api, errorCode, signInDevice, type TestDevice } from './helpers';
import { b64, CHUNK, CHUNK_HASH, seedA, viewOf } from './isolation-seed';
import { signedItem, signedSnapshot } from './items';

/**
 * Issue 18 part 5, writes: account B, and a revoked device of A, call every write route naming
 * A's vault, note and item ids; A's data, read back by A, must be exactly what it was, and no
 * answer is a 5xx. (isolation.test.ts covers the reads; docs/isolation.md lists every route.)
 */
/** every write route, named with A's ids, as `who` */
async function writeAll(who: TestDevice, vaultId: string): Promise<ApiResult[]> {
  const h = { 'x-svc-vault-id': vaultId };
  return [
    await api('/sync/vaults', {
      token: who.accessToken,
      body: { vaultId, encryptedName: b64(40, 9), nameNonce: b64(24, 9) },
    }),
    await api(`/sync/vaults/${vaultId}/icon`, {
      method: 'PUT',
      token: who.accessToken,
      body: { encryptedIcon: b64(40, 9), iconNonce: b64(24, 9) },
    }),
    await api('/sync/push', {
      token: who.accessToken,
      headers: h,
      body: { items: [await signedItem(who, vaultId, { id: 'SECRET-ID', clock: { [who.deviceId]: 9 } })] },
    }),
    await api('/sync/crdt/updates', {
      token: who.accessToken,
      headers: h,
      body: { noteId: 'SECRET-NOTE', update: b64(10, 9) },
    }),
    await api('/sync/crdt/snapshot', {
      token: who.accessToken,
      headers: h,
      body: await signedSnapshot(who, vaultId, { noteId: 'SECRET-NOTE', snapshot: b64(10, 9) }),
    }),
    await api('/sync/crdt/snapshot/batch', {
      token: who.accessToken,
      headers: h,
      body: {
        snapshots: [await signedSnapshot(who, vaultId, { noteId: 'SECRET-NOTE', snapshot: b64(12, 9) })],
      },
    }),
    await api('/auth/key-verifier', {
      method: 'PUT',
      token: who.accessToken,
      body: { verifier: b64(32, 9) },
    }),
    await api('/sync/bootstrap', { token: who.accessToken, headers: h, body: {} }),
    await api(`/sync/attachments/chunks/${CHUNK_HASH}`, {
      method: 'PUT',
      token: who.accessToken,
      rawBody: CHUNK,
      headers: { ...h, 'x-svc-attachment-id': 'SECRET-FILE', 'x-svc-file-size': String(CHUNK.length) },
    }),
  ];
}

describe('account isolation on every write route (real workerd)', () => {
  it("another account's writes naming A's vault, note and items leave A's data as it was", async () => {
    const { a, vaultId } = await seedA();
    const before = await viewOf(a, vaultId);
    const b = await signInDevice();
    // twice: before B holds a vault of that UUID, and after B registered "it" (its own, keyed by account)
    for (const round of [1, 2]) {
      for (const res of await writeAll(b, vaultId))
        expect(res.status, `round ${round}: ${res.text}`).toBeLessThan(500);
      expect(await viewOf(a, vaultId)).toEqual(before);
    }
    // B sees only its own registration of that UUID, never A's name
    const listed = await api<{ vaults: { encryptedName: string }[] }>('/sync/vaults', {
      token: b.accessToken,
    });
    expect(listed.text).not.toContain(b64(40, 1));
  });

  it('a revoked device of A can neither read nor change A’s data', async () => {
    const { a, vaultId } = await seedA();
    const lost = await signInDevice(a.email, 'lost phone');
    const revoked = await api('/devices/revoke', {
      token: a.accessToken,
      body: { deviceId: lost.deviceId },
    });
    expect(revoked.status).toBe(200);
    const before = await viewOf(a, vaultId);
    for (const res of await writeAll(lost, vaultId)) {
      expect(res.status, res.text).toBe(401);
      expect(errorCode(res)).toBe('DEVICE_REVOKED');
    }
    const read = await api('/sync/changes?cursor=0', {
      token: lost.accessToken,
      headers: { 'x-svc-vault-id': vaultId },
    });
    expect(errorCode(read)).toBe('DEVICE_REVOKED');
    expect(await viewOf(a, vaultId)).toEqual(before);
  });

  it('a bootstrap token of another account is refused', async () => {
    const { a, vaultId } = await seedA();
    const opened = await api<{ token: string }>('/sync/bootstrap', {
      token: a.accessToken,
      headers: { 'x-svc-vault-id': vaultId },
      body: {},
    });
    expect(opened.status).toBe(200);
    const b = await signInDevice();
    const renew = await api('/sync/bootstrap/renew', {
      token: b.accessToken,
      body: { token: opened.body.token },
    });
    expect(renew.status).toBe(403);
    expect(errorCode(renew)).toBe('BOOTSTRAP_IDENTITY_MISMATCH');
  });
});
