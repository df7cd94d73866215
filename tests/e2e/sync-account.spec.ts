import { type Browser, expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

// Two browser contexts are two devices against the real local sync service (VITE_SYNC_URL).
test.skip(({ isMobile }) => isMobile, 'one layout is enough for the device-to-device path');

async function device(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await appReady(page);
  return page;
}

const email = () => `acct-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@x.test`;

/** Settings → Sync → sign in; the development service answers the code, the panel fills it. */
async function signIn(page: Page, address: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Sync', exact: true });
  await panel.getByLabel('Email').fill(address);
  await panel.getByRole('button', { name: 'Email me a code' }).click();
  await expect(panel.getByLabel('Code')).not.toHaveValue('');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  return panel;
}

async function firstDevice(browser: Browser, address: string) {
  const a = await device(browser);
  const panel = await signIn(a, address);
  await expect(panel.getByTestId('recovery-key')).toBeVisible({ timeout: 20_000 });
  await panel.getByRole('button', { name: 'I wrote it down' }).click();
  return { a, panel };
}

test('a vault with notes is asked once: keep it local, and the answer holds after a reload', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const address = email();
  const { a } = await firstDevice(browser, address);
  await a.close();

  const b = await device(browser);
  await newNote(b, 'Private on B');
  const panel = await signIn(b, address);
  const question = panel.getByRole('dialog', { name: `Sync this vault with ${address}?` });
  await expect(question).toBeVisible({ timeout: 20_000 });
  await expect(question.getByRole('button', { name: 'Sync this vault' })).toBeFocused();
  await expect(question.getByRole('button', { name: 'Merge with the account’s vault' })).toBeVisible();
  await question.getByRole('button', { name: 'Keep this vault local' }).click();
  await expect(panel.getByTestId('sync-hold')).toContainText('keep this vault on this device only');

  await b.reload();
  await appReady(b);
  await b.getByRole('button', { name: 'Settings' }).click();
  const again = b.getByRole('region', { name: 'Sync', exact: true });
  await expect(again.getByTestId('sync-hold')).toContainText('keep this vault on this device only');
  await expect(again.getByRole('dialog')).toHaveCount(0);
  await expect(b.getByTestId('sync-indicator')).toHaveText('Sync off');
});

test('link a second device with the code, see a note arrive, then revoke it and it stops syncing', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const address = email();
  const { a, panel: panelA } = await firstDevice(browser, address);
  await expect(panelA.getByRole('region', { name: 'Plan and usage' }).getByTestId('sync-plan')).toContainText(
    'Believer',
  );
  await expect(panelA.getByRole('progressbar')).toBeVisible();

  // the new device signs in and asks to be linked
  const b = await device(browser);
  const panelB = await signIn(b, address);
  await panelB.getByRole('button', { name: 'Link with another device' }).click();
  await expect(panelB.getByRole('status').filter({ hasText: 'Link a new device' })).toBeVisible();

  // the signed-in device shows the code
  await panelA.getByRole('button', { name: 'Link a new device' }).click();
  const code = panelA.getByTestId('link-code');
  await expect(code).toHaveText(/^\d{6}$/, { timeout: 30_000 });
  await panelB.getByLabel('Code shown on the other device').fill((await code.textContent()) ?? '');
  await panelB.getByRole('button', { name: 'Check the code' }).click();
  await expect(panelB.getByRole('status').filter({ hasText: 'Code accepted' })).toBeVisible();
  await panelA.getByRole('button', { name: 'Send the key' }).click();
  await expect(panelB.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: 30_000 });
  await b.getByRole('button', { name: 'Close' }).click();

  await a.getByRole('button', { name: 'Close' }).click();
  await newNote(a, 'Arrives on B');
  await expect(b.getByRole('button', { name: 'Arrives on B' })).toBeVisible({ timeout: 30_000 });

  // revoke B from A, with a confirmation
  await a.getByRole('button', { name: 'Settings' }).click();
  const devices = a.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await devices.getByRole('button', { name: /^Revoke / }).click();
  await devices.getByRole('alertdialog').getByRole('button', { name: 'Revoke device' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await a.getByRole('button', { name: 'Close' }).click();

  // B says so at its next sync, and later notes from A no longer arrive
  await b.getByRole('button', { name: 'Settings' }).click();
  await b
    .getByRole('region', { name: 'Sync', exact: true })
    .getByRole('button', { name: 'Sync now' })
    .click();
  await expect(b.getByTestId('sync-indicator')).toHaveText('Sync stopped: device revoked', {
    timeout: 30_000,
  });
  await expect(b.getByRole('region', { name: 'Sync', exact: true }).getByRole('alert')).toContainText(
    'revoked',
  );
  await b.getByRole('button', { name: 'Close' }).click();
  await newNote(a, 'After the revoke');
  await expect(a.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: 30_000 });
  await b.reload();
  await appReady(b);
  await expect(b.getByTestId('sync-indicator')).toHaveText('Sync stopped: device revoked');
  await expect(b.getByRole('button', { name: 'Arrives on B' })).toBeVisible();
  await expect(b.getByRole('button', { name: 'After the revoke' })).toHaveCount(0);
});
