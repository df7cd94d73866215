/**
 * Wire shapes of the billing routes (spec 4 billing rows, 5.10; docs/billing.md). The entitlement
 * itself is reported by `GET /auth/billing` (plans.ts, BillingReport).
 */
import * as v from 'valibot';

/** `GET/POST /auth/checkout-token`: a short-lived token for the fragment of the pricing page. */
export interface CheckoutTokenResponse {
  token: string;
  /** epoch ms */
  expiresAt: number;
  /** the pricing page to open, as `${pricingUrl}#checkout=${token}` */
  pricingUrl: string;
}

/** the fragment key under which the app hands the checkout token to the pricing page */
export const CHECKOUT_FRAGMENT_KEY = 'checkout';

/** `POST /billing/checkout` (no session: the checkout token is the authority). */
export const CheckoutRequest = v.strictObject({
  token: v.pipe(v.string(), v.maxLength(2048)),
  priceId: v.pipe(v.string(), v.regex(/^pri_[a-z\d]{26}$/)),
});
export type CheckoutRequest = v.InferOutput<typeof CheckoutRequest>;

export interface CheckoutResponse {
  /** the provider's transaction, opened by the provider's checkout (Paddle.js `transactionId`) */
  transactionId: string;
}

/** `POST /auth/billing/reconcile`: one transaction, or (absent) the caller's recent checkouts. */
export const ReconcileRequest = v.strictObject({
  transactionId: v.optional(v.pipe(v.string(), v.regex(/^txn_[a-z\d]{26}$/))),
});
export type ReconcileRequest = v.InferOutput<typeof ReconcileRequest>;

/** `POST /auth/billing/portal-session`: a temporary, authenticated portal link (never cached). */
export interface PortalSessionResponse {
  url: string;
}
