/**
 * The parts of Paddle Billing's entities Cairn reads (notification envelope, transaction,
 * subscription), as runtime schemas, and their reading as BillingUpdates. Unknown fields are
 * ignored (Paddle adds fields without notice).
 */
import * as v from 'valibot';
import type { EntitlementStatus } from '../../../../src/sync/protocol/plans';
import type { BillingUpdate } from '../../ports/billing';

/** the custom data key under which a checkout carries the Cairn user id */
export const USER_ID_KEY = 'cairn_user_id';

const time = v.pipe(
  v.string(),
  v.check((s) => Number.isFinite(Date.parse(s))),
);
const nullableId = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))), null);
const items = v.optional(
  v.array(
    v.looseObject({
      price: v.optional(v.nullable(v.looseObject({ id: v.string() })), null),
      price_id: v.optional(v.nullable(v.string()), null),
    }),
  ),
  [],
);
const customData = v.optional(v.nullable(v.record(v.string(), v.unknown())), null);
const period = v.optional(v.nullable(v.looseObject({ ends_at: time })), null);

export const PaddleEvent = v.looseObject({
  event_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  event_type: v.pipe(v.string(), v.maxLength(64)),
  occurred_at: time,
  data: v.record(v.string(), v.unknown()),
});

export const PaddleTransaction = v.looseObject({
  id: v.pipe(v.string(), v.regex(/^txn_[a-z\d]{26}$/)),
  status: v.string(),
  customer_id: nullableId,
  subscription_id: nullableId,
  custom_data: customData,
  items,
  billing_period: period,
  updated_at: time,
});

export const PaddleSubscription = v.looseObject({
  id: v.pipe(v.string(), v.regex(/^sub_[a-z\d]{26}$/)),
  status: v.string(),
  customer_id: nullableId,
  custom_data: customData,
  items,
  current_billing_period: period,
});

/** Paddle subscription statuses are Cairn's, spelled the same (spec 2.7); `expired` is Cairn's own. */
const SUBSCRIPTION_STATUS: Readonly<Record<string, EntitlementStatus>> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  paused: 'paused',
  canceled: 'canceled',
};

const firstPrice = (list: v.InferOutput<typeof items>): string | null =>
  list[0]?.price?.id ?? list[0]?.price_id ?? null;

function userIdOf(data: Record<string, unknown> | null): string | null {
  const id = data?.[USER_ID_KEY];
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
}

/** A transaction: provisions (status active) only once completed. */
export function transactionUpdate(
  t: v.InferOutput<typeof PaddleTransaction>,
  eventId: string,
  occurredAtMs: number,
): BillingUpdate {
  return {
    eventId,
    occurredAtMs,
    userId: userIdOf(t.custom_data),
    customerId: t.customer_id,
    subscriptionId: t.subscription_id,
    transactionId: t.id,
    priceId: firstPrice(t.items),
    status: 'active',
    periodEndsAtMs: t.billing_period ? Date.parse(t.billing_period.ends_at) : null,
    completed: t.status === 'completed',
  };
}

/** A subscription's state, or null for a status Cairn does not know. */
export function subscriptionUpdate(
  s: v.InferOutput<typeof PaddleSubscription>,
  eventId: string,
  occurredAtMs: number,
): BillingUpdate | null {
  const status = SUBSCRIPTION_STATUS[s.status];
  if (!status) return null;
  return {
    eventId,
    occurredAtMs,
    userId: userIdOf(s.custom_data),
    customerId: s.customer_id,
    subscriptionId: s.id,
    transactionId: null,
    priceId: firstPrice(s.items),
    status,
    periodEndsAtMs: s.current_billing_period ? Date.parse(s.current_billing_period.ends_at) : null,
    completed: true,
  };
}

/**
 * The update an event carries: `transaction.completed` and every `subscription.*` event that
 * states a subscription (created, activated, updated, trialing, past_due, paused, resumed,
 * canceled). Other event types are acknowledged and change nothing (null). `undefined` when the
 * entity of a handled type does not parse.
 */
export function eventUpdate(e: v.InferOutput<typeof PaddleEvent>): BillingUpdate | null | undefined {
  const at = Date.parse(e.occurred_at);
  if (e.event_type === 'transaction.completed') {
    const t = v.safeParse(PaddleTransaction, e.data);
    return t.success ? transactionUpdate(t.output, e.event_id, at) : undefined;
  }
  if (e.event_type.startsWith('subscription.') && e.event_type !== 'subscription.imported') {
    const s = v.safeParse(PaddleSubscription, e.data);
    return s.success ? subscriptionUpdate(s.output, e.event_id, at) : undefined;
  }
  return null;
}
