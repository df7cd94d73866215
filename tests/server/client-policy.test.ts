import { afterAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../src/sync/protocol/client-policy';
import { api, errorCode, signInDevice } from './helpers';

const vault = () => ({
  vaultId: crypto.randomUUID(),
  encryptedName: Buffer.alloc(40, 3).toString('base64'),
  nameNonce: Buffer.alloc(24, 4).toString('base64'),
});

describe('client identification and write policy (real workerd)', () => {
  afterAll(async () => {
    const a = await signInDevice();
    for (const p of ['ios', 'android']) {
      await api(`/dev/client-policies/${p}`, {
        method: 'PUT',
        token: a.accessToken,
        body: { minWriteVersion: null, writesEnabled: true },
      });
    }
  });

  it('header-less status responses are byte-identical and carry no clientPolicy', async () => {
    const a = await signInDevice();
    const one = await api('/sync/status', { token: a.accessToken });
    const two = await api('/sync/status', { token: a.accessToken });
    expect(one.text).toBe(two.text);
    expect(one.body).not.toHaveProperty('clientPolicy');
  });

  it('a malformed or pre-release header is treated as absent', async () => {
    const a = await signInDevice();
    const plain = await api('/sync/status', { token: a.accessToken });
    for (const h of ['web/1.2.3-beta.1', 'web/1.2', 'toaster/1.0.0', 'web/01.2.3', '']) {
      const res = await api('/sync/status', { token: a.accessToken, headers: { 'x-svc-client': h } });
      expect(res.text, h).toBe(plain.text);
    }
  });

  it('floor: below -> 426 with minVersion, at or above -> allowed; reads never gated; status echoes', async () => {
    const a = await signInDevice();
    await api('/dev/client-policies/ios', {
      method: 'PUT',
      token: a.accessToken,
      body: { minWriteVersion: '2.1.0', writesEnabled: true },
    });
    const old = { 'x-svc-client': 'ios/2.0.9+77' };
    const write = await api('/sync/vaults', { token: a.accessToken, headers: old, body: vault() });
    expect(write.status).toBe(426);
    expect(write.body).toEqual({
      error: { code: 'CLIENT_UPGRADE_REQUIRED', message: expect.any(String), minVersion: '2.1.0' },
    });
    expect((await api('/sync/vaults', { token: a.accessToken, headers: old })).status).toBe(200);
    const status = await api<StatusResponse>('/sync/status', { token: a.accessToken, headers: old });
    expect(status.body.clientPolicy).toEqual({
      platform: 'ios',
      version: '2.0.9',
      minWriteVersion: '2.1.0',
      writesEnabled: true,
      writeAllowed: false,
    });
    const ok = await api('/sync/vaults', {
      token: a.accessToken,
      headers: { 'x-svc-client': 'ios/2.1.0' },
      body: vault(),
    });
    expect(ok.status).toBe(200);
    // a header-less (legacy desktop) write is allowed whatever the policies say
    expect((await api('/sync/vaults', { token: a.accessToken, body: vault() })).status).toBe(200);
  });

  it('kill switch is evaluated first: 403 PLATFORM_WRITES_DISABLED; other platforms unaffected', async () => {
    const a = await signInDevice();
    await api('/dev/client-policies/android', {
      method: 'PUT',
      token: a.accessToken,
      body: { minWriteVersion: '9.0.0', writesEnabled: false },
    });
    const res = await api('/sync/vaults', {
      token: a.accessToken,
      headers: { 'x-svc-client': 'android/1.0.0' },
      body: vault(),
    });
    expect(res.status).toBe(403);
    expect(errorCode(res)).toBe('PLATFORM_WRITES_DISABLED');
    const web = await api('/sync/vaults', {
      token: a.accessToken,
      headers: { 'x-svc-client': 'web/0.1.0' },
      body: vault(),
    });
    expect(web.status).toBe(200);
  });

  it('an unparseable floor allows writes', async () => {
    const a = await signInDevice();
    await api('/dev/client-policies/ios', {
      method: 'PUT',
      token: a.accessToken,
      body: { minWriteVersion: 'banana', writesEnabled: true },
    });
    const res = await api('/sync/vaults', {
      token: a.accessToken,
      headers: { 'x-svc-client': 'ios/0.0.1' },
      body: vault(),
    });
    expect(res.status).toBe(200);
  });

  it('the bootstrap routes pass the client-policy gate (spec 5.2): floor 426, kill switch 403', async () => {
    const a = await signInDevice();
    const v = vault();
    expect((await api('/sync/vaults', { token: a.accessToken, body: v })).status).toBe(200);
    const at = (client: string) => ({ 'x-svc-client': client, 'x-svc-vault-id': v.vaultId });
    const opened = await api<{ token: string }>('/sync/bootstrap', {
      method: 'POST',
      token: a.accessToken,
      headers: at('ios/3.0.0'),
    });
    expect(opened.status).toBe(200);
    await api('/dev/client-policies/ios', {
      method: 'PUT',
      token: a.accessToken,
      body: { minWriteVersion: '3.1.0', writesEnabled: true },
    });
    const below = at('ios/3.0.0');
    const refused = await api('/sync/bootstrap', { method: 'POST', token: a.accessToken, headers: below });
    expect(refused.status).toBe(426);
    expect(refused.body).toEqual({
      error: { code: 'CLIENT_UPGRADE_REQUIRED', message: expect.any(String), minVersion: '3.1.0' },
    });
    for (const path of ['/sync/bootstrap/renew', '/sync/bootstrap/close']) {
      const res = await api(path, {
        token: a.accessToken,
        headers: below,
        body: { token: opened.body.token },
      });
      expect(res.status, path).toBe(426);
    }
    // the gate refused before the route: the session opened above is still renewable at the floor
    const renewed = await api('/sync/bootstrap/renew', {
      token: a.accessToken,
      headers: at('ios/3.1.0'),
      body: { token: opened.body.token },
    });
    expect(renewed.status).toBe(200);
    await api('/dev/client-policies/ios', {
      method: 'PUT',
      token: a.accessToken,
      body: { minWriteVersion: null, writesEnabled: false },
    });
    const off = await api('/sync/bootstrap', {
      method: 'POST',
      token: a.accessToken,
      headers: at('ios/9.0.0'),
    });
    expect(off.status).toBe(403);
    expect(errorCode(off)).toBe('PLATFORM_WRITES_DISABLED');
    // another platform is not affected
    const web = await api('/sync/bootstrap', {
      method: 'POST',
      token: a.accessToken,
      headers: at('web/0.1.0'),
    });
    expect(web.status).toBe(200);
  });
});
