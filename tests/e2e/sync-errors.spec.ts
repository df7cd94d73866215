import { expect, type Page, test } from '@playwright/test';
import { device, indicator, openSettings, SYNC_WAIT, signIn, uniqueEmail } from './syncDevices';
import { registerVault, serviceDevice, setPlan } from './syncService';

// The error categories a browser meets, each caused for real against the local service and read
// as the user reads it: the sentence in Settings → Sync and the indicator's words (never
// "Synced"). note_too_large, device_key_mismatch and schema_invalid are proven at engine level
// (tests/unit/sync/errorCategories.integration.test.ts, pushRepair.integration.test.ts) and their
// words in tests/unit/ui/sync/syncMessages.test.ts.

async function syncNowShows(page: Page, alert: RegExp, words: string) {
  const panel = await openSettings(page);
  const button = panel.getByRole('button', { name: 'Sync now' });
  await button.click();
  await expect(button).toBeEnabled({ timeout: SYNC_WAIT });
  await expect(panel.getByRole('alert').filter({ hasText: alert })).toBeVisible();
  await expect(panel.getByTestId('sync-status-text')).toHaveText(words);
  await expect(indicator(page)).toHaveText(words);
}

async function syncNowClean(page: Page) {
  const panel = await openSettings(page);
  const button = panel.getByRole('button', { name: 'Sync now' });
  await button.click();
  await expect(button).toBeEnabled({ timeout: SYNC_WAIT });
  await expect(panel.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: SYNC_WAIT });
}

test('offline, payment required, vault limit and rate limited: a specific message each, then recovery', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('errors');
  const page = await device(browser);
  const panel = await signIn(page, email);
  await expect(panel.getByTestId('recovery-key')).toBeVisible({ timeout: SYNC_WAIT });
  await panel.getByRole('button', { name: 'I wrote it down' }).click();
  await syncNowClean(page);

  await page.context().setOffline(true);
  await syncNowShows(page, /^Offline: .*sent when the connection is back/, 'Offline');
  await page.context().setOffline(false);
  await syncNowClean(page);

  const helper = await serviceDevice(email);
  await setPlan(helper, 'plus', 'expired');
  await syncNowShows(page, /^Sync needs an active plan: renew or choose a plan/, 'Sync paused: plan');
  await expect(panel.getByTestId('sync-plan')).toContainText('expired · sync stopped');
  await setPlan(helper, 'believer', 'active');
  await syncNowClean(page);

  // four vaults, then the three-vault plan
  let spare = '';
  for (let i = 0; i < 3; i++) spare = await registerVault(helper);
  await setPlan(helper, 'plus', 'active');
  await syncNowShows(page, /more synced vaults than its plan allows/, 'Sync paused: vault limit');
  await setPlan(helper, 'believer', 'active');
  await syncNowClean(page);

  // the helper spends the account-wide sync_changes bucket (60 a minute); a fixed window can
  // turn over between the burst and the sync, so burst once more if the first did not hold
  for (let attempt = 0; ; attempt++) {
    await Promise.all(
      Array.from({ length: 60 }, () => helper.call('GET', '/sync/changes?cursor=0', undefined, spare)),
    );
    try {
      await syncNowShows(page, /asked this account to slow down/, 'Sync slowed down');
      break;
    } catch (err) {
      if (attempt > 0) throw err;
    }
  }
});
