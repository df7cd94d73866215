import { describe, expect, it } from 'vitest';
import { api, signInDevice } from './helpers';
import { signedItem, signedSnapshot } from './items';

const b64 = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');

/**
 * One account's data, then every read route called by another account: nothing of the first
 * may appear in any response (ids, note ids, vault ids, public keys, sizes), and the second
 * account's answers must equal those of a brand-new account.
 */
describe('account isolation on every route (real workerd)', () => {
  it('a second account learns nothing about the first', async () => {
    const a = await signInDevice();
    const vaultId = crypto.randomUUID();
    await api('/sync/vaults', {
      token: a.accessToken,
      body: { vaultId, encryptedName: b64(40, 1), nameNonce: b64(24, 2) },
    });
    const h = { 'x-svc-vault-id': vaultId };
    await api('/sync/push', {
      token: a.accessToken,
      headers: h,
      body: { items: [await signedItem(a, vaultId, { id: 'SECRET-ID', clock: { [a.deviceId]: 1 } })] },
    });
    await api('/sync/crdt/updates', {
      token: a.accessToken,
      headers: h,
      body: { noteId: 'SECRET-NOTE', update: b64(10, 3) },
    });
    await api('/sync/crdt/snapshot', {
      token: a.accessToken,
      headers: h,
      body: await signedSnapshot(a, vaultId, { noteId: 'SECRET-NOTE', snapshot: b64(10, 4) }),
    });
    await api('/auth/key-verifier', { method: 'PUT', token: a.accessToken, body: { verifier: b64(32, 6) } });

    const b = await signInDevice();
    const fresh = await signInDevice();
    const reads: [string, string, unknown?][] = [
      ['GET', '/sync/vaults'],
      ['GET', '/sync/changes?cursor=0'],
      ['GET', '/sync/changes?cursor=0&inline=1'],
      ['GET', '/sync/manifest'],
      ['GET', '/sync/manifest?limit=10'],
      ['POST', '/sync/pull', { items: [{ type: 'note', id: 'SECRET-ID' }] }],
      ['GET', '/sync/crdt/updates?note_id=SECRET-NOTE'],
      ['POST', '/sync/crdt/updates/batch', { notes: [{ noteId: 'SECRET-NOTE', since: 0 }] }],
      ['GET', '/sync/crdt/snapshot/SECRET-NOTE'],
      ['GET', '/auth/key-verifier'],
      ['POST', '/keys/claim', {}],
    ];
    const secrets = [
      'SECRET-ID',
      'SECRET-NOTE',
      vaultId,
      a.userId,
      a.deviceId,
      Buffer.from(a.publicKey).toString('base64'),
      b64(32, 6),
    ];
    for (const [method, path, body] of reads) {
      for (const headers of [{}, { 'x-svc-sync-types': 'note,note_body,purged_tombstones' }] as Record<
        string,
        string
      >[]) {
        const asB = await api(path, { method, token: b.accessToken, headers, ...(body ? { body } : {}) });
        const asFresh = await api(path, {
          method,
          token: fresh.accessToken,
          headers,
          ...(body ? { body } : {}),
        });
        // ids the request itself names are echoed back; everything else must be absent
        const named = `${path} ${JSON.stringify(body ?? '')}`;
        for (const s of secrets.filter((x) => !named.includes(x)))
          expect(asB.text, `${method} ${path}`).not.toContain(s);
        const norm = (t: string) =>
          t
            .replace(/"serverTimeMs":\d+/, '')
            .replaceAll(b.userId, 'U')
            .replaceAll(fresh.userId, 'U')
            .replaceAll(b.deviceId, 'D')
            .replaceAll(fresh.deviceId, 'D');
        expect(norm(asB.text), `${method} ${path}`).toBe(norm(asFresh.text));
        expect(asB.status).toBe(asFresh.status);
      }
    }
    const vaultScoped = await api('/sync/manifest', { token: b.accessToken, headers: h });
    expect(vaultScoped.status).toBe(400);
    const devices = await api<{ devices: { deviceId: string }[] }>('/auth/devices', { token: b.accessToken });
    expect(devices.body.devices.map((d) => d.deviceId)).toEqual([b.deviceId]);
    const billing = await api<{ usage: { storageBytes: number; vaults: number } }>('/auth/billing', {
      token: b.accessToken,
    });
    expect(billing.body.usage).toEqual({ storageBytes: 0, vaults: 0 });
  });
});
