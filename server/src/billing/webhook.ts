import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { sql } from '../ports/sql';
import { type ApplyOutcome, applyUpdate } from './apply-update';

export interface WebhookAnswer {
  received: true;
  outcome: ApplyOutcome | 'ignored';
}

/**
 * `POST /billing/webhook`: a provider event, verified over the raw body (signature and replay
 * window, constant-time compare), then written idempotently and newest-first (apply-update.ts).
 * Refusals are 400 BILLING_WEBHOOK_INVALID with a `reason`, and change nothing. An event that
 * verifies but is not about a plan (another type, a price Cairn does not sell) is recorded and
 * acknowledged, so the provider stops retrying it.
 */
export async function handleWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | null,
): Promise<Result<WebhookAnswer>> {
  const billing = deps.billing;
  const config = deps.config.billing;
  if (!billing || !config) return fail('BILLING_UNAVAILABLE', 'no billing provider is configured');
  const verdict = await billing.readWebhook(rawBody, signature, deps.clock.nowMs());
  if (!verdict.ok) {
    deps.log('billing_webhook_refused', { reason: verdict.reason });
    return fail('BILLING_WEBHOOK_INVALID', `webhook refused: ${verdict.reason}`, { reason: verdict.reason });
  }
  const update = verdict.update;
  const plan = update?.priceId ? config.prices.get(update.priceId) : undefined;
  // a transaction that is not completed grants nothing (transaction.completed always is)
  if (!update || !plan || !update.completed) {
    if (update && !plan) deps.log('billing_unknown_price', { eventId: verdict.eventId });
    const outcome = await applyIgnored(deps, verdict.eventId, verdict.eventType, verdict.occurredAtMs);
    return ok({ received: true, outcome });
  }
  const outcome = await applyUpdate(deps, update, plan, verdict.eventType);
  deps.log('billing_webhook', { eventId: verdict.eventId, type: verdict.eventType, outcome });
  return ok({ received: true, outcome });
}

async function applyIgnored(
  deps: Deps,
  eventId: string,
  eventType: string,
  occurredAtMs: number,
): Promise<'ignored' | 'duplicate'> {
  const rows = await deps.sql.all(
    sql(
      `INSERT INTO billing_events (event_id, event_type, occurred_at, received_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      eventId,
      eventType,
      occurredAtMs,
      deps.clock.nowMs(),
    ),
  );
  return rows.length === 0 ? 'duplicate' : 'ignored';
}
