import type { Deps } from '../deps';
import type { BillingUpdate } from '../ports/billing';
import { type Statement, sql } from '../ports/sql';

/**
 * How long an active or trialing entitlement outlives the end of its paid period: a renewal's
 * webhook arriving a little late must not stop sync (docs/billing.md).
 */
export const RENEWAL_GRACE_MS = 3 * 86_400_000;

export type ApplyOutcome = 'applied' | 'stale' | 'duplicate' | 'unmatched';

/**
 * Writes one provider fact into the account's entitlement, in ONE D1 batch:
 * - idempotent by event id: an event already recorded changes nothing (`duplicate`);
 * - out-of-order safe: the row keeps the newest fact by `occurredAtMs`, an older one is recorded
 *   but changes nothing (`stale`);
 * - the account is the custom data's user id, else the one the provider's customer already bills;
 *   neither: recorded, nothing written (`unmatched`).
 * `record: false` (reconcile) writes without recording the fact as a handled event.
 * The caller has checked that `update.priceId` maps to a plan.
 */
export async function applyUpdate(
  deps: Deps,
  update: BillingUpdate,
  plan: string,
  eventType: string,
  record = true,
): Promise<ApplyOutcome> {
  const now = deps.clock.nowMs();
  const statements: Statement[] = [upsertStatement(update, plan, now)];
  if (record) {
    statements.push(
      sql(
        `INSERT INTO billing_events (event_id, event_type, occurred_at, received_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        update.eventId,
        eventType,
        update.occurredAtMs,
        now,
      ),
    );
  }
  const [written, recorded] = await deps.sql.batch(statements);
  if (record && (recorded?.length ?? 0) === 0) return 'duplicate';
  if ((written?.length ?? 0) > 0) return 'applied';
  return update.userId === null && update.customerId === null
    ? 'unmatched'
    : await staleOrUnmatched(deps, update);
}

async function staleOrUnmatched(deps: Deps, update: BillingUpdate): Promise<ApplyOutcome> {
  const row = await deps.sql.first<{ user_id: string }>(
    sql(
      'SELECT user_id FROM entitlements WHERE user_id = ? OR provider_customer_id = ? LIMIT 1',
      update.userId,
      update.customerId,
    ),
  );
  return row ? 'stale' : 'unmatched';
}

function upsertStatement(u: BillingUpdate, plan: string, now: number): Statement {
  const grants = u.status === 'active' || u.status === 'trialing';
  const expiresAt = u.periodEndsAtMs === null ? null : u.periodEndsAtMs + (grants ? RENEWAL_GRACE_MS : 0);
  return sql(
    `INSERT INTO entitlements (user_id, plan, status, source, expires_at, updated_at,
       provider_customer_id, provider_subscription_id, provider_event_at)
     SELECT u.id, ?, ?, 'paddle', ?, ?, ?, ?, ?
     FROM (SELECT COALESCE(?, (SELECT user_id FROM entitlements WHERE provider_customer_id = ? LIMIT 1)) AS id) AS u
     WHERE u.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM billing_events WHERE event_id = ?)
     ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, status = excluded.status,
       source = excluded.source, expires_at = excluded.expires_at, updated_at = excluded.updated_at,
       provider_customer_id = COALESCE(excluded.provider_customer_id, entitlements.provider_customer_id),
       provider_subscription_id = COALESCE(excluded.provider_subscription_id, entitlements.provider_subscription_id),
       provider_event_at = excluded.provider_event_at
     WHERE entitlements.provider_event_at IS NULL OR excluded.provider_event_at >= entitlements.provider_event_at
     RETURNING user_id`,
    plan,
    u.status,
    expiresAt,
    now,
    u.customerId,
    u.subscriptionId,
    u.occurredAtMs,
    u.userId,
    u.customerId,
    u.eventId,
  );
}
