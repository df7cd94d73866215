import type { StatusResponse } from '../../protocol/client-policy';
import type { SyncCall } from '../http/syncHttp';

/**
 * The client-policy poll of a parked outbox (spec 3.1): `GET /sync/status` is side-effect free and
 * echoes this client's policy. Writes are allowed again when the echo says so, or when the
 * service echoes none (it did not take our header as an identification, and header-less writes
 * are allowed). Any failure keeps the outbox parked: it is polled again on the next foreground
 * or tick.
 */
export async function writesAllowed(call: SyncCall, vaultId: string): Promise<boolean> {
  const res = await call<StatusResponse>('GET', '/sync/status', { vaultId });
  if (!res.ok) return false;
  const policy = res.value.clientPolicy;
  return policy === undefined || policy.writeAllowed === true;
}
