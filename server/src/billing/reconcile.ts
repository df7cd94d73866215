import type { BillingReport } from '../../../src/sync/protocol/plans';
import type { Deps } from '../deps';
import { fail, ok, type Result } from '../domain/result';
import { billingReport } from '../plans/billing-report';
import type { BillingUpdate } from '../ports/billing';
import { sql } from '../ports/sql';
import { applyUpdate } from './apply-update';
import { providerFailure } from './checkout';

/** how many of the caller's recent checkouts a reconcile without a transaction id looks at */
const RECENT_CHECKOUTS = 5;
const CHECKOUT_MEMORY_MS = 7 * 86_400_000;

export interface ReconcileAnswer {
  provisioned: boolean;
  billing: BillingReport;
}

/**
 * `POST /auth/billing/reconcile` (spec 4): the webhook's fallback right after a payment. It
 * provisions only from a COMPLETED transaction whose custom-data user id is the caller's: a
 * foreign one is 403 FORBIDDEN, an unfinished one 409 BILLING_NOT_COMPLETED, and both change
 * nothing. Without an id it looks at the caller's recent checkouts and provisions from the first
 * completed one (`provisioned: false` when none is). The write is the webhook's (newest wins), so
 * a later cancellation is never undone by reconciling an old payment.
 */
export async function reconcile(
  deps: Deps,
  userId: string,
  transactionId: string | undefined,
): Promise<Result<ReconcileAnswer>> {
  const billing = deps.billing;
  const config = deps.config.billing;
  if (!billing || !config) return fail('BILLING_UNAVAILABLE', 'no billing provider is configured');
  const ids = transactionId ? [transactionId] : await recentCheckouts(deps, userId);
  let found: BillingUpdate | null = null;
  try {
    for (const id of ids) {
      const t = await billing.getTransaction(id);
      if (transactionId) {
        if (!t) return fail('NOT_FOUND', 'no such transaction');
        if (t.userId !== userId) return fail('FORBIDDEN', 'this transaction belongs to another account');
        if (!t.completed) return fail('BILLING_NOT_COMPLETED', 'the payment is not completed yet');
      }
      if (t?.completed && t.userId === userId) {
        found = t;
        break;
      }
    }
  } catch (err) {
    return providerFailure(deps, err, 'reconcile');
  }
  const plan = found?.priceId ? config.prices.get(found.priceId) : undefined;
  if (found && !plan) return fail('VALIDATION_ERROR', 'the transaction is for a price Cairn does not sell');
  if (found && plan) await applyUpdate(deps, { ...found, userId }, plan, 'reconcile', false);
  return ok({ provisioned: found !== null, billing: await billingReport(deps, userId) });
}

async function recentCheckouts(deps: Deps, userId: string): Promise<string[]> {
  const rows = await deps.sql.all<{ transaction_id: string }>(
    sql(
      `SELECT transaction_id FROM billing_checkouts WHERE user_id = ? AND created_at > ?
       ORDER BY created_at DESC LIMIT ?`,
      userId,
      deps.clock.nowMs() - CHECKOUT_MEMORY_MS,
      RECENT_CHECKOUTS,
    ),
  );
  return rows.map((r) => r.transaction_id);
}
