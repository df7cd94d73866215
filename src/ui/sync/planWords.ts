import type { BillingReport } from '../../sync/protocol/plans';

export const PLAN_NAMES = { plus: 'Plus', pro: 'Pro', believer: 'Believer' } as const;

/** The status in a word or two, as Settings shows it beside the plan's name. */
export const STATUS_WORDS: Record<BillingReport['status'], string> = {
  none: 'no plan',
  active: 'active',
  trialing: 'trial',
  inactive: 'inactive',
  past_due: 'payment due',
  paused: 'paused',
  canceled: 'canceled',
  expired: 'expired',
};

/**
 * Why sync is refused, and what to do, for each denying status (spec 2.7). The action named is
 * the one Settings offers: Upgrade opens the pricing page, Manage billing the provider's portal.
 * Null while sync is allowed.
 */
export function planAdvice(r: BillingReport): string | null {
  if (r.syncAllowed) return null;
  const upgrade = r.checkoutAvailable
    ? 'Choose a plan with Upgrade'
    : 'Plans cannot be bought from this sync service; ask the person who runs it for a plan';
  const portal = r.portalAvailable ? 'with Manage billing' : 'with the billing provider';
  const kept = 'Your notes stay on this device and sync resumes by itself once the plan is active.';
  switch (r.status) {
    case 'none':
    case 'inactive':
      return `This account has no active plan, so nothing syncs. ${upgrade}. ${kept}`;
    case 'past_due':
      return `The last payment did not go through, so sync is paused. Update the payment method ${portal}. ${kept}`;
    case 'paused':
      return `The subscription is paused, so nothing syncs. Resume it ${portal}. ${kept}`;
    case 'canceled':
      return `The subscription was canceled, so nothing syncs. ${upgrade} to sync again. ${kept}`;
    case 'expired':
      return `The plan ended without a renewal, so nothing syncs. ${upgrade} to renew${r.portalAvailable ? ', or check the payment method with Manage billing' : ''}. ${kept}`;
    default:
      return `Sync needs an active plan. ${upgrade}. ${kept}`;
  }
}
