import { expect, test } from '@playwright/test';
import { device, indicator, SYNC_WAIT, signIn, uniqueEmail } from './syncDevices';
import { serviceDevice, setPlan } from './syncService';

// Issue 20 part 2: a user without a plan upgrades through the (fake) provider's checkout, and the
// app sees the new plan and syncs without a restart. The provider's own rules (signatures,
// reconcile, statuses) are proven on the service (tests/server/billing-provider.test.ts); the
// words of each status in tests/unit/ui/sync/planWords.test.ts.

test('a user without a plan upgrades through the checkout and starts syncing', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('billing');
  const page = await device(browser);
  const panel = await signIn(page, email);
  await expect(panel.getByTestId('recovery-key')).toBeVisible({ timeout: SYNC_WAIT });
  await panel.getByRole('button', { name: 'I wrote it down' }).click();

  // the plan is taken away (development stand-in for "never bought one")
  await setPlan(await serviceDevice(email), 'plus', 'inactive');
  await panel.getByRole('button', { name: 'Sync now' }).click();
  await expect(indicator(page)).toHaveText('Sync paused: plan', { timeout: SYNC_WAIT });
  const plan = panel.getByRole('region', { name: 'Plan and usage' });
  await expect(plan.getByTestId('sync-plan')).toContainText('inactive · sync stopped');
  await expect(plan.getByTestId('plan-advice')).toContainText('no active plan');
  await expect(plan.getByTestId('plan-advice')).toContainText('Choose a plan with Upgrade');

  const popup = page.context().waitForEvent('page');
  await plan.getByRole('button', { name: 'Upgrade' }).click();
  const pricing = await popup;
  await pricing.waitForURL(/\/pricing#checkout=[\w%.-]+$/);
  await expect(plan.getByRole('status')).toContainText('Waiting for the payment');
  await pricing.getByRole('button', { name: 'Buy Pro' }).click();
  await pricing.getByRole('button', { name: 'Pay' }).click();
  await expect(pricing.getByRole('status')).toHaveText('Payment complete');
  await pricing.close();

  // no reload, no Sync now: the plan arrives and sync resumes by itself
  await expect(plan.getByTestId('sync-plan')).toHaveText('Pro · active', { timeout: SYNC_WAIT });
  await expect(plan.getByTestId('plan-advice')).toHaveCount(0);
  await expect(indicator(page)).toHaveText('Synced', { timeout: SYNC_WAIT });
  await expect(plan.getByRole('button', { name: 'Manage billing' })).toBeVisible();
});
