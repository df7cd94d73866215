import { describe, expect, it } from 'vitest';
import type { BillingReport } from '../../../../src/sync/protocol/plans';
import { planAdvice } from '../../../../src/ui/sync/planWords';

const report = (over: Partial<BillingReport>): BillingReport => ({
  plan: 'pro',
  status: 'active',
  syncAllowed: true,
  limits: null,
  usage: { storageBytes: 0, vaults: 0 },
  expiresAt: null,
  portalAvailable: true,
  checkoutAvailable: true,
  source: 'paddle',
  ...over,
});

describe('plan advice: each denying status in words, with what to do', () => {
  it('says nothing while sync is allowed', () => {
    expect(planAdvice(report({}))).toBeNull();
    expect(planAdvice(report({ status: 'trialing' }))).toBeNull();
  });

  it.each([
    ['none', /no active plan.*Choose a plan with Upgrade/],
    ['inactive', /no active plan.*Choose a plan with Upgrade/],
    ['past_due', /last payment did not go through.*Update the payment method with Manage billing/],
    ['paused', /paused.*Resume it with Manage billing/],
    ['canceled', /canceled.*Choose a plan with Upgrade to sync again/],
    ['expired', /ended without a renewal.*Upgrade to renew, or check the payment method with Manage billing/],
  ] as const)('%s', (status, words) => {
    const text = planAdvice(report({ status, syncAllowed: false })) ?? '';
    expect(text).toMatch(words);
    expect(text).toContain('Your notes stay on this device');
  });

  it('names no button the service cannot offer', () => {
    const text = planAdvice(
      report({ status: 'past_due', syncAllowed: false, portalAvailable: false, checkoutAvailable: false }),
    );
    expect(text).toContain('with the billing provider');
    expect(text).not.toContain('Manage billing');
    const none = planAdvice(report({ status: 'none', syncAllowed: false, checkoutAvailable: false })) ?? '';
    expect(none).toContain('cannot be bought from this sync service');
    expect(none).not.toContain('Upgrade');
  });
});
