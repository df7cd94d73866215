import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  device,
  joinByLink,
  joinWithRecoveryKey,
  openSettings,
  SYNC_WAIT,
  signIn,
  uniqueEmail,
} from './syncDevices';

// The recovery key shown again (docs/keys.md, "Showing the recovery key again"): after a reload,
// behind a confirmation, the same key as at set-up, on every device that holds the vault key.

/** Settings → Sync → Show recovery key → confirm: the key the dialog shows. */
async function showAgain(page: Page): Promise<string> {
  const panel = await openSettings(page);
  await panel.getByRole('button', { name: 'Show recovery key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Show the recovery key?' });
  await expect(dialog).toContainText('unlocks every note of this synced vault');
  await expect(dialog.getByTestId('recovery-key')).toHaveCount(0); // nothing before the confirmation
  await dialog.getByRole('button', { name: 'Show the key' }).click();
  const key = dialog.getByTestId('recovery-key');
  await expect(key).toBeVisible({ timeout: SYNC_WAIT });
  const text = ((await key.textContent()) ?? '').trim();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return text;
}

test('set up, reload, show the recovery key again after confirming: the same key, downloadable', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await device(browser);
  const panel = await signIn(page, uniqueEmail('recovery'));
  const shown = panel.getByTestId('recovery-key');
  await expect(shown).toBeVisible({ timeout: SYNC_WAIT });
  const atSetUp = ((await shown.textContent()) ?? '').trim();
  expect(atSetUp).toMatch(/^([0-9A-Z]{4}-){8}[0-9A-Z]{4}$/);

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Cairn recovery key.txt');
  expect(await readFile((await file.path()) ?? '', 'utf8')).toContain(atSetUp);
  await panel.getByRole('button', { name: 'I wrote it down' }).click();
  await expect(shown).toHaveCount(0);

  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 20_000 });
  // Cancel shows nothing
  const again = await openSettings(page);
  await again.getByRole('button', { name: 'Show recovery key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Show the recovery key?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('recovery-key')).toHaveCount(0);

  expect(await showAgain(page)).toBe(atSetUp);
});

test('a device that joined with the re-shown key, and one linked by code, show the same key', async ({
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'the device-to-device path is layout-independent; the first test covers the phone');
  test.setTimeout(180_000);
  const email = uniqueEmail('recovery-join');
  const a = await device(browser);
  const panel = await signIn(a, email);
  const shown = panel.getByTestId('recovery-key');
  await expect(shown).toBeVisible({ timeout: SYNC_WAIT });
  const atSetUp = ((await shown.textContent()) ?? '').trim();
  await panel.getByRole('button', { name: 'I wrote it down' }).click();
  const reShown = await showAgain(a);
  expect(reShown).toBe(atSetUp);

  const b = await joinWithRecoveryKey(browser, email, reShown);
  expect(await showAgain(b)).toBe(atSetUp);
  const c = await joinByLink(browser, email, a);
  expect(await showAgain(c)).toBe(atSetUp);
});
