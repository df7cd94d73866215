import { describe, expect, it } from 'vitest';
import type { DeviceListResponse } from '../../src/sync/protocol/devices';
import type { KeyClaimResponse } from '../../src/sync/protocol/keys';
import { api, errorCode, signInDevice } from './helpers';

const b64 = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');

describe('devices and keys (real workerd)', () => {
  it('lists devices with their public keys; revocation hides from /devices, keeps in /auth/devices, refuses the token', async () => {
    const a = await signInDevice();
    const b = await signInDevice(a.email, 'second');
    const all = await api<DeviceListResponse>('/auth/devices', { token: a.accessToken });
    expect(all.body.devices.map((d) => d.deviceId).sort()).toEqual([a.deviceId, b.deviceId].sort());
    expect(all.body.devices.find((d) => d.deviceId === b.deviceId)?.publicKey).toBe(
      Buffer.from(b.publicKey).toString('base64'),
    );
    expect(all.body.devices.find((d) => d.deviceId === a.deviceId)?.current).toBe(true);

    const revoked = await api<{ revokedAt: number }>('/devices/revoke', {
      token: a.accessToken,
      body: { deviceId: b.deviceId },
    });
    expect(revoked.status).toBe(200);

    const live = await api<DeviceListResponse>('/devices', { token: a.accessToken });
    expect(live.body.devices.map((d) => d.deviceId)).toEqual([a.deviceId]);
    const dir = await api<DeviceListResponse>('/auth/devices', { token: a.accessToken });
    expect(dir.body.devices.find((d) => d.deviceId === b.deviceId)?.revokedAt).toBe(revoked.body.revokedAt);

    const refused = await api('/sync/status', { token: b.accessToken });
    expect(refused.status).toBe(401);
    expect(errorCode(refused)).toBe('DEVICE_REVOKED');
    expect(errorCode(await api('/auth/refresh', { body: { refreshToken: b.refreshToken } }))).toBe(
      'REFRESH_INVALID',
    );
  });

  it('cannot see or revoke a device of another account', async () => {
    const a = await signInDevice();
    const other = await signInDevice();
    const res = await api('/devices/revoke', { token: a.accessToken, body: { deviceId: other.deviceId } });
    expect(res.status).toBe(404);
    expect(errorCode(res)).toBe('NOT_FOUND');
    expect((await api('/sync/status', { token: other.accessToken })).status).toBe(200);
    const list = await api<DeviceListResponse>('/auth/devices', { token: a.accessToken });
    expect(list.body.devices.map((d) => d.deviceId)).toEqual([a.deviceId]);
  });

  it('key verifier: per vault, first writer wins, explicit rotation, never across accounts', async () => {
    const a = await signInDevice();
    const other = await signInDevice();
    const kv = (token: string, vaultId?: string) =>
      api<{ verifier: string | null }>('/auth/key-verifier', {
        token,
        headers: vaultId ? { 'x-svc-vault-id': vaultId } : {},
      });
    const put = (token: string, body: unknown, vaultId?: string) =>
      api('/auth/key-verifier', {
        method: 'PUT',
        token,
        body,
        headers: vaultId ? { 'x-svc-vault-id': vaultId } : {},
      });
    expect((await kv(a.accessToken)).body).toEqual({ verifier: null, updatedAt: null });
    expect((await put(a.accessToken, { verifier: b64(32, 9) })).status).toBe(200);
    expect((await kv(a.accessToken)).body.verifier).toBe(b64(32, 9));
    // the same value again is fine; a different one is refused unless rotating
    expect((await put(a.accessToken, { verifier: b64(32, 9) })).status).toBe(200);
    const conflict = await put(a.accessToken, { verifier: b64(32, 8) });
    expect(conflict.status).toBe(409);
    expect(errorCode(conflict)).toBe('KEY_VERIFIER_CONFLICT');
    expect((await kv(a.accessToken)).body.verifier).toBe(b64(32, 9));
    expect((await put(a.accessToken, { verifier: b64(32, 8), rotate: true })).status).toBe(200);
    expect((await kv(a.accessToken)).body.verifier).toBe(b64(32, 8));
    // per vault: a registered vault has its own verifier
    const vaultId = crypto.randomUUID();
    await api('/sync/vaults', {
      token: a.accessToken,
      body: { vaultId, encryptedName: b64(30, 1), nameNonce: b64(24, 1) },
    });
    expect((await kv(a.accessToken, vaultId)).body.verifier).toBeNull();
    expect((await put(a.accessToken, { verifier: b64(32, 7) }, vaultId)).status).toBe(200);
    expect((await kv(a.accessToken, vaultId)).body.verifier).toBe(b64(32, 7));
    expect((await kv(a.accessToken, 'default')).body.verifier).toBe(b64(32, 8));
    // another account: its own default vault, and a's vault id is not resolvable
    expect((await kv(other.accessToken)).body.verifier).toBeNull();
    expect(errorCode(await kv(other.accessToken, vaultId))).toBe('VALIDATION_ERROR');
    expect(errorCode(await put(other.accessToken, { verifier: b64(32, 1) }, vaultId))).toBe(
      'VALIDATION_ERROR',
    );
    expect(errorCode(await api('/auth/key-verifier', { token: '' }))).toBe('UNAUTHENTICATED');
  });

  it('hands a sealed vault key to a linked device exactly once; never across accounts', async () => {
    const a = await signInDevice();
    const b = await signInDevice(a.email, 'new phone');
    const stranger = await signInDevice();
    const vaultId = crypto.randomUUID();
    const sealedKey = b64(80, 5);
    const cross = await api('/keys/handoff', {
      token: stranger.accessToken,
      body: { toDeviceId: b.deviceId, vaultId, sealedKey },
    });
    expect(errorCode(cross)).toBe('NOT_FOUND');
    const dep = await api('/keys/handoff', {
      token: a.accessToken,
      body: { toDeviceId: b.deviceId, vaultId, sealedKey },
    });
    expect(dep.status).toBe(200);
    expect(
      (await api<KeyClaimResponse>('/keys/claim', { method: 'POST', token: a.accessToken })).body.handoffs,
    ).toEqual([]);
    const claim = await api<KeyClaimResponse>('/keys/claim', { method: 'POST', token: b.accessToken });
    expect(claim.body.handoffs).toHaveLength(1);
    expect(claim.body.handoffs[0]).toMatchObject({ fromDeviceId: a.deviceId, vaultId, sealedKey });
    expect(
      (await api<KeyClaimResponse>('/keys/claim', { method: 'POST', token: b.accessToken })).body.handoffs,
    ).toEqual([]);
    const bad = await api('/keys/handoff', {
      token: a.accessToken,
      body: { toDeviceId: b.deviceId, vaultId, sealedKey: 'not base64!' },
    });
    expect(errorCode(bad)).toBe('VALIDATION_ERROR');
  });
});
