import type { DeviceInfo, DeviceListResponse } from '../../protocol/devices';
import type { BillingReport } from '../../protocol/plans';
import type { SyncResult } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/** `GET /auth/billing`: plan, status, limits, usage and expiry (spec 2.7). */
export function readBilling(call: SyncCall): Promise<SyncResult<BillingReport>> {
  return call<BillingReport>('GET', '/auth/billing');
}

/** `GET /devices`: the account's live devices (revoked ones are hidden), this one marked `current`. */
export async function listDevices(call: SyncCall): Promise<SyncResult<DeviceInfo[]>> {
  const res = await call<DeviceListResponse>('GET', '/devices');
  return res.ok ? { ok: true, value: res.value.devices } : res;
}

/** `POST /devices/revoke`: the device's sessions end and its socket closes within a minute. */
export function revokeDevice(call: SyncCall, deviceId: string): Promise<SyncResult<unknown>> {
  return call('POST', '/devices/revoke', { body: { deviceId } });
}
