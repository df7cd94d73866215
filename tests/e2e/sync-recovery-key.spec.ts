import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { device, openSettings, SYNC_WAIT, showRecoveryKeyAgain, signIn, uniqueEmail } from './syncDevices';

// The recovery key shown again (docs/keys.md, "Showing the recovery key again"): after a reload,
// behind a confirmation, the same key as at set-up. That devices which joined with the re-shown key
// or by a link show it too is checked in sync-three-devices.spec.ts, on its devices.

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
  await appReady(page);
  // Cancel shows nothing
  const again = await openSettings(page);
  await again.getByRole('button', { name: 'Show recovery key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Show the recovery key?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('recovery-key')).toHaveCount(0);

  expect(await showRecoveryKeyAgain(page)).toBe(atSetUp);
});
