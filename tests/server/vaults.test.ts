import { describe, expect, it } from 'vitest';
import type { VaultListResponse } from '../../src/sync/protocol/vaults';
import { api, errorCode, signInDevice } from './helpers';

const b64 = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');
const vault = (vaultId = crypto.randomUUID()) => ({
  vaultId,
  encryptedName: b64(40, 1),
  nameNonce: b64(24, 2),
});

describe('vault directory and X-Svc-Vault-Id resolution (real workerd)', () => {
  it('registers, updates and lists vaults (ciphertext only); another account sees none', async () => {
    const a = await signInDevice();
    const other = await signInDevice();
    const v1 = vault();
    expect((await api('/sync/vaults', { token: a.accessToken, body: v1 })).body).toEqual({
      vaultId: v1.vaultId,
      created: true,
    });
    const renamed = { ...v1, encryptedName: b64(50, 9) };
    expect((await api('/sync/vaults', { token: a.accessToken, body: renamed })).body).toEqual({
      vaultId: v1.vaultId,
      created: false,
    });
    const list = await api<VaultListResponse>('/sync/vaults', { token: a.accessToken });
    expect(list.body.vaults).toHaveLength(1);
    expect(list.body.vaults[0]).toMatchObject({
      vaultId: v1.vaultId,
      encryptedName: b64(50, 9),
      itemCount: 0,
      encryptedIcon: null,
    });
    expect((await api<VaultListResponse>('/sync/vaults', { token: other.accessToken })).body.vaults).toEqual(
      [],
    );
  });

  it('refuses plaintext-looking or malformed names', async () => {
    const a = await signInDevice();
    for (const body of [
      { ...vault(), encryptedName: 'My Vault' },
      { ...vault(), vaultId: 'not-a-uuid' },
      { vaultId: crypto.randomUUID(), encryptedName: b64(10, 1) },
    ]) {
      expect(errorCode(await api('/sync/vaults', { token: a.accessToken, body }))).toBe('VALIDATION_ERROR');
    }
    expect((await api<VaultListResponse>('/sync/vaults', { token: a.accessToken })).body.vaults).toEqual([]);
  });

  it('icon: last writer wins on the client change time; unknown or foreign vault is NOT_FOUND', async () => {
    const a = await signInDevice();
    const other = await signInDevice();
    const v1 = vault();
    await api('/sync/vaults', { token: a.accessToken, body: v1 });
    const put = (token: string, changedAt: number, fill: number, id = v1.vaultId) =>
      api(`/sync/vaults/${id}/icon`, {
        method: 'PUT',
        token,
        body: { encryptedIcon: b64(30, fill), iconNonce: b64(24, 1), changedAt },
      });
    expect((await put(a.accessToken, 2000, 1)).body).toEqual({ applied: true, iconChangedAt: 2000 });
    expect((await put(a.accessToken, 1000, 2)).body).toEqual({ applied: false, iconChangedAt: 2000 });
    const list = await api<VaultListResponse>('/sync/vaults', { token: a.accessToken });
    expect(list.body.vaults[0]?.encryptedIcon).toBe(b64(30, 1));
    expect(errorCode(await put(other.accessToken, 3000, 3))).toBe('NOT_FOUND');
    expect(errorCode(await put(a.accessToken, 3000, 3, crypto.randomUUID()))).toBe('NOT_FOUND');
  });

  it("resolves the vault: none -> default, one -> it, several -> 400; never another account's", async () => {
    const a = await signInDevice();
    const other = await signInDevice();
    const manifest = (token: string, vaultHeader?: string) =>
      api<{ items: unknown[] }>('/sync/manifest', {
        token,
        headers: vaultHeader ? { 'x-svc-vault-id': vaultHeader } : {},
      });
    expect((await manifest(a.accessToken)).status).toBe(200);
    const v1 = vault();
    await api('/sync/vaults', { token: a.accessToken, body: v1 });
    expect((await manifest(a.accessToken)).status).toBe(200);
    await api('/sync/vaults', { token: a.accessToken, body: vault() });
    const several = await manifest(a.accessToken);
    expect(several.status).toBe(400);
    expect(errorCode(several)).toBe('VALIDATION_ERROR');
    expect((await manifest(a.accessToken, v1.vaultId)).status).toBe(200);
    expect(errorCode(await manifest(other.accessToken, v1.vaultId))).toBe('VALIDATION_ERROR');
    expect(errorCode(await manifest(a.accessToken, 'nonsense'))).toBe('VALIDATION_ERROR');
    expect((await api<VaultListResponse>('/sync/vaults', { token: a.accessToken })).body.vaults).toHaveLength(
      2,
    );
  });

  it('enforces the plan vault limit with 402 SYNC_VAULT_LIMIT_EXCEEDED', async () => {
    const a = await signInDevice();
    await api('/dev/entitlement', { token: a.accessToken, body: { plan: 'plus', status: 'active' } });
    for (let i = 0; i < 3; i++)
      expect((await api('/sync/vaults', { token: a.accessToken, body: vault() })).status).toBe(200);
    const fourth = await api('/sync/vaults', { token: a.accessToken, body: vault() });
    expect(fourth.status).toBe(402);
    expect(errorCode(fourth)).toBe('SYNC_VAULT_LIMIT_EXCEEDED');
    expect((await api<VaultListResponse>('/sync/vaults', { token: a.accessToken })).body.vaults).toHaveLength(
      3,
    );
  });

  it('an account over its plan vault limit after a downgrade gets 402 SYNC_VAULT_LIMIT_EXCEEDED on data routes', async () => {
    const a = await signInDevice();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids)
      expect((await api('/sync/vaults', { token: a.accessToken, body: vault(id) })).status).toBe(200);
    await api('/dev/entitlement', { token: a.accessToken, body: { plan: 'plus', status: 'active' } });
    const res = await api('/sync/manifest', {
      token: a.accessToken,
      headers: { 'x-svc-vault-id': ids[0] as string },
    });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      error: { code: 'SYNC_VAULT_LIMIT_EXCEEDED', vaultLimit: 3, vaults: 4 },
    });
    // the directory itself stays readable so the user can choose what to keep
    expect((await api<VaultListResponse>('/sync/vaults', { token: a.accessToken })).body.vaults).toHaveLength(
      4,
    );
  });
});
