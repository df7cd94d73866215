import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { device, indicator, openSettings, SYNC_WAIT, signIn, uniqueEmail } from './syncDevices';
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

  // Upgrade from a second tab of the vault: the first tab leads sync, so the plan seen in the
  // second must reach the leader's engine (its "no plan" held for an hour otherwise, spec 8.3)
  const tab = await page.context().newPage();
  await tab.goto('/');
  await appReady(tab);
  const tabPlan = (await openSettings(tab)).getByRole('region', { name: 'Plan and usage' });
  const popup = page.context().waitForEvent('page');
  await tabPlan.getByRole('button', { name: 'Upgrade' }).click();
  const pricing = await popup;
  await pricing.waitForURL(/\/pricing#checkout=[\w%.-]+$/);
  await expect(tabPlan.getByRole('status')).toContainText('Waiting for the payment');
  await pricing.getByRole('button', { name: 'Buy Pro' }).click();
  await pricing.getByRole('button', { name: 'Pay' }).click();
  await expect(pricing.getByRole('status')).toHaveText('Payment complete');
  await pricing.close();

  // no reload, no Sync now: the plan arrives and the leading tab's sync resumes by itself
  await expect(tabPlan.getByTestId('sync-plan')).toHaveText('Pro · active', { timeout: SYNC_WAIT });
  await expect(tabPlan.getByTestId('plan-advice')).toHaveCount(0);
  await expect(tabPlan.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await expect(indicator(page)).toHaveText('Synced', { timeout: SYNC_WAIT });
});
