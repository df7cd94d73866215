import type { CheckoutTokenResponse, PortalSessionResponse } from '../../protocol/billing';
import type { DeviceInfo, DeviceListResponse } from '../../protocol/devices';
import type { BillingReport } from '../../protocol/plans';
import type { SyncResult } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/** `GET /auth/billing`: plan, status, limits, usage and expiry (spec 2.7). */
export function readBilling(call: SyncCall): Promise<SyncResult<BillingReport>> {
  return call<BillingReport>('GET', '/auth/billing');
}

/** `POST /auth/checkout-token`: a short-lived token for the pricing page's URL fragment (spec 4). */
export function checkoutToken(call: SyncCall): Promise<SyncResult<CheckoutTokenResponse>> {
  return call<CheckoutTokenResponse>('POST', '/auth/checkout-token', { body: {} });
}

/**
 * `POST /auth/billing/reconcile` without a transaction id: the service provisions from this
 * account's recent completed checkout, if any, and answers the plan as it is now.
 */
export function reconcileBilling(
  call: SyncCall,
): Promise<SyncResult<{ provisioned: boolean; billing: BillingReport }>> {
  return call('POST', '/auth/billing/reconcile', { body: {} });
}

/** `POST /auth/billing/portal-session`: a temporary portal link (spec 5.10: never stored). */
export function portalSession(call: SyncCall): Promise<SyncResult<PortalSessionResponse>> {
  return call<PortalSessionResponse>('POST', '/auth/billing/portal-session', { body: {} });
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
