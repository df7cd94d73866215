import { type Browser, expect, type Page, test } from '@playwright/test';
import { replaceBody } from './editor';

// Two browser contexts are two devices (separate IndexedDB, separate device keys) against the real
// local sync service the build points at (VITE_SYNC_URL, docs/sync-client.md "Running it").
test.skip(({ isMobile }) => isMobile, 'one layout is enough for the device-to-device path');

async function device(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  return page;
}

/** Signs in from Settings → Sync; the development service answers the code, the panel fills it. */
async function signIn(page: Page, email: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Sync' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Email me a code' }).click();
  await expect(panel.getByLabel('Code')).not.toHaveValue('');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  return panel;
}

async function newNote(page: Page, title: string, body: string) {
  await page.getByRole('button', { name: 'New note' }).click();
  const titleBox = page.getByRole('textbox', { name: 'Title' });
  await titleBox.fill(title);
  await titleBox.press('Enter');
  await replaceBody(page, body);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

test('a note made on one device appears, with its body, on a second device set up with the recovery key', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `e2e-${Date.now()}@x.test`;
  const a = await device(browser);
  const panelA = await signIn(a, email);
  const recoveryKey = (await panelA.getByTestId('recovery-key').textContent())?.trim() ?? '';
  expect(recoveryKey.length).toBeGreaterThan(20);
  await panelA.getByRole('button', { name: 'I wrote it down' }).click();
  await a.getByRole('button', { name: 'Close' }).click();
  await newNote(a, 'From A', 'hello from device A');
  await expect(a.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: 30_000 });

  const b = await device(browser);
  const panelB = await signIn(b, email);
  await panelB.getByLabel('Recovery key').fill(recoveryKey);
  await panelB.getByRole('button', { name: 'Unlock' }).click();
  await expect(panelB.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: 30_000 });
  await b.getByRole('button', { name: 'Close' }).click();
  await b.getByRole('button', { name: 'From A' }).click();
  await expect(b.getByRole('textbox', { name: 'Note body' })).toHaveText('hello from device A');
});
