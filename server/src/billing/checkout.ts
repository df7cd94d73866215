import type { CheckoutResponse } from '../../../src/sync/protocol/billing';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { BillingProviderError } from '../ports/billing';
import { sql } from '../ports/sql';
import { readCheckoutToken } from './checkout-token';

/**
 * `POST /billing/checkout {token, priceId}`: the pricing page trades a checkout token for a
 * provider transaction whose custom data carries the token's user id (set here, by the service,
 * so no page can buy for a user id of its choosing). The transaction is remembered for
 * reconcile-without-id.
 */
export async function openCheckout(
  deps: Deps,
  token: string,
  priceId: string,
): Promise<Result<CheckoutResponse>> {
  const billing = deps.billing;
  const config = deps.config.billing;
  if (!billing || !config) return fail('BILLING_UNAVAILABLE', 'no billing provider is configured');
  const secret = deps.config.tokenSecret;
  const userId = secret ? await readCheckoutToken(secret, token, deps.clock.nowMs()) : null;
  if (!userId)
    return fail('CHECKOUT_TOKEN_INVALID', 'the checkout link expired; open Upgrade in Cairn again');
  if (!config.prices.has(priceId)) return fail('VALIDATION_ERROR', 'priceId: not a price Cairn sells');
  try {
    const { transactionId } = await billing.createCheckout(priceId, userId);
    await deps.sql.run(
      sql(
        'INSERT OR IGNORE INTO billing_checkouts (transaction_id, user_id, created_at) VALUES (?, ?, ?)',
        transactionId,
        userId,
        deps.clock.nowMs(),
      ),
    );
    return ok({ transactionId });
  } catch (err) {
    return providerFailure(deps, err, 'checkout');
  }
}

/** A provider failure as a value: its status is logged, never its body. */
export function providerFailure<T>(deps: Deps, err: unknown, op: string): Result<T> {
  if (!(err instanceof BillingProviderError) && !(err instanceof TypeError)) throw err;
  deps.log('billing_provider_failed', { op, status: err instanceof BillingProviderError ? err.status : 0 });
  return fail('BILLING_PROVIDER_ERROR', 'the billing provider did not answer; try again');
}
