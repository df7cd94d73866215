import type { PortalSessionResponse } from '../../../src/sync/protocol/billing';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { readEntitlement } from '../plans/entitlement';
import { providerFailure } from './checkout';

/**
 * `POST /auth/billing/portal-session` (spec 4, 5.10): a fresh, temporary portal link for the
 * customer the provider bills for this account. Never stored, never logged; the route answers it
 * with `Cache-Control: no-store`. No provider customer (a dev_seed or SQL plan, or none): 404.
 */
export async function portalSession(deps: Deps, userId: string): Promise<Result<PortalSessionResponse>> {
  const billing = deps.billing;
  if (!billing) return fail('BILLING_UNAVAILABLE', 'no billing provider is configured');
  const ent = await readEntitlement(deps, userId);
  if (!ent?.customerId) return fail('NOT_FOUND', 'this account has no billing customer yet');
  try {
    const { url } = await billing.createPortalSession(
      ent.customerId,
      ent.subscriptionId ? [ent.subscriptionId] : [],
    );
    return ok({ url });
  } catch (err) {
    return providerFailure(deps, err, 'portal');
  }
}
