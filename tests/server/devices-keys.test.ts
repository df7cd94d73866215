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

  it('stores and returns the key verifier per account', async () => {
    const a = await signInDevice();
    const other = await signInDevice();
    expect((await api('/auth/key-verifier', { token: a.accessToken })).body).toEqual({
      verifier: null,
      updatedAt: null,
    });
    const put = await api('/auth/key-verifier', {
      method: 'PUT',
      token: a.accessToken,
      body: { verifier: b64(32, 9) },
    });
    expect(put.status).toBe(200);
    expect(
      (await api<{ verifier: string }>('/auth/key-verifier', { token: a.accessToken })).body.verifier,
    ).toBe(b64(32, 9));
    expect(
      (await api<{ verifier: null }>('/auth/key-verifier', { token: other.accessToken })).body.verifier,
    ).toBeNull();
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
