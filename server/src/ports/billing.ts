import type { EntitlementStatus } from '../../../src/sync/protocol/plans';

/**
 * The billing provider port (spec 1.7, 5.10; docs/billing.md). One adapter: Paddle Billing
 * (adapters/paddle). The service's own rules (idempotency by event id, newest event wins, the
 * caller's user id) live in server/src/billing and never depend on the provider's vocabulary.
 *
 * Guarantees of an implementation:
 * - `readWebhook` never throws; it accepts a body only when its signature verifies under the
 *   webhook secret in constant time and its signing time is inside the replay window.
 * - the API methods throw BillingProviderError (status only, never the provider's body, which
 *   may carry a portal link) when the provider fails or refuses.
 */
export interface BillingProvider {
  readWebhook(rawBody: string, signature: string | null, nowMs: number): Promise<WebhookVerdict>;
  /** a checkout for one price, its custom data carrying the user id; opened by the pricing page */
  createCheckout(priceId: string, userId: string): Promise<{ transactionId: string }>;
  /** null when the provider has no such transaction */
  getTransaction(transactionId: string): Promise<BillingUpdate | null>;
  /** a temporary, authenticated portal link: never cached, never logged */
  createPortalSession(customerId: string, subscriptionIds: readonly string[]): Promise<{ url: string }>;
}

/**
 * One provider fact about one account's plan, in the service's vocabulary. Events and fetched
 * transactions both become one; the newest `occurredAtMs` per account wins.
 */
export interface BillingUpdate {
  /** the provider's event id (idempotency key); for a fetched transaction, `txn:<id>` */
  eventId: string;
  occurredAtMs: number;
  /** from the custom data the checkout set; null when the entity carries none */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  transactionId: string | null;
  /** the first price of the entity's items (what the plan is looked up by) */
  priceId: string | null;
  status: EntitlementStatus;
  /** end of the paid period; null for none given */
  periodEndsAtMs: number | null;
  /** for a transaction: whether it is completed (only then does it provision) */
  completed: boolean;
}

export type WebhookVerdict =
  | { ok: true; eventId: string; eventType: string; occurredAtMs: number; update: BillingUpdate | null }
  | { ok: false; reason: 'signature' | 'timestamp' | 'payload' };

export class BillingProviderError extends Error {
  override name = 'BillingProviderError';
  constructor(readonly status: number) {
    super(`billing provider answered ${status}`);
  }
}
