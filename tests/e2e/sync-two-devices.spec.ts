import { type Browser, expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

// Two browser contexts are two devices (separate IndexedDB, separate device keys) against the real
// local sync service the build points at (VITE_SYNC_URL, docs/sync-client.md "Running it").
test.skip(({ isMobile }) => isMobile, 'one layout is enough for the device-to-device path');

async function device(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await appReady(page);
  return page;
}

/** Signs in from Settings → Sync; the development service answers the code, the panel fills it. */
async function signIn(page: Page, email: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Sync', exact: true });
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Email me a code' }).click();
  await expect(panel.getByLabel('Code')).not.toHaveValue('');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  return panel;
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

  // B signs in with the identity provider the service offers (the local fake OIDC provider):
  // to the provider and back, then the vault's recovery key as after an email code
  const b = await device(browser);
  await b.getByRole('button', { name: 'Settings' }).click();
  await b.getByRole('link', { name: 'Sign in with Fake IdP' }).click();
  await expect(b.getByRole('heading', { name: 'Fake identity provider' })).toBeVisible();
  await b.getByLabel('Email').fill(email);
  await b.getByRole('button', { name: 'Continue' }).click();
  const panelB = b.getByRole('region', { name: 'Sync', exact: true });
  await expect(panelB.getByLabel('Recovery key')).toBeVisible({ timeout: 30_000 });
  expect(b.url()).not.toContain('setupToken'); // the one-time token left the address at once
  await panelB.getByLabel('Recovery key').fill(recoveryKey);
  await panelB.getByRole('button', { name: 'Unlock' }).click();
  await expect(panelB.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: 30_000 });
  await b.getByRole('button', { name: 'Close' }).click();
  await b.getByRole('button', { name: 'From A' }).click();
  await expect(b.getByRole('textbox', { name: 'Note body' })).toHaveText('hello from device A');

  // later changes arrive without asking: the service's socket wakes B's pull (no 60 s wait)
  await newNote(a, 'Live from A', 'pushed while B watches');
  await expect(b.getByRole('button', { name: 'Live from A' })).toBeVisible({ timeout: 15_000 });

  // each device measured its side (spec 6.2), kept on the device: Settings → Sync diagnostics
  await b.getByRole('button', { name: 'Settings' }).click();
  const onB = b.getByRole('region', { name: 'Sync diagnostics' });
  await expect(onB.getByTestId('sync-e2e-latency')).toHaveText(/^median \d/, { timeout: 15_000 });
  await expect(onB.getByRole('list', { name: 'Recent sync events' })).toContainText('Edit to this device');
  await a.getByRole('button', { name: 'Settings' }).click();
  const onA = a.getByRole('region', { name: 'Sync diagnostics' });
  await expect(onA.getByTestId('sync-push-lag')).toHaveText(/^median \d/, { timeout: 15_000 });

  // the vault's icon, set on A, is seen on B (sealed under the vault key; the later change wins)
  const vaultsA = a.getByRole('region', { name: 'Vaults' });
  await vaultsA.getByLabel('Icon of this vault').fill('📚');
  await vaultsA.getByRole('button', { name: 'Set icon' }).click();
  await expect(vaultsA.getByRole('status').filter({ hasText: 'Icon set.' })).toBeVisible();
  await expect(a.getByTestId('vault-name')).toContainText('📚');
  const vaultsB = b.getByRole('region', { name: 'Vaults' });
  await vaultsB.getByRole('button', { name: 'Show my sync account’s vaults' }).click();
  await expect(vaultsB.getByRole('list', { name: 'Sync account vaults' })).toContainText('📚');
  await expect(vaultsB.getByRole('list', { name: 'Local vaults' })).toContainText('📚');
  await expect(b.getByTestId('vault-name')).toContainText('📚');

  // B pauses sync: nothing is fetched or sent there while A writes, and B says so; resumed, it arrives
  const panelOfB = b.getByRole('region', { name: 'Sync', exact: true });
  await panelOfB.getByRole('button', { name: 'Pause sync' }).click();
  await expect(b.getByTestId('sync-indicator')).toHaveText('Paused');
  const whilePaused: string[] = [];
  const syncPort = process.env.E2E_SYNC_PORT ?? '8787';
  b.on('request', (r) => {
    if (new URL(r.url()).port === syncPort) whilePaused.push(r.url());
  });
  await a.getByRole('button', { name: 'Close' }).click();
  await newNote(a, 'While B paused', 'waits for B');
  await expect(a.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: 30_000 });
  await b.getByRole('button', { name: 'Close' }).click();
  await expect(b.getByRole('button', { name: 'While B paused' })).toHaveCount(0);
  expect(whilePaused).toEqual([]);
  await b.getByRole('button', { name: 'Settings' }).click();
  await panelOfB.getByRole('button', { name: 'Resume sync' }).click();
  await b.getByRole('button', { name: 'Close' }).click();
  await expect(b.getByRole('button', { name: 'While B paused' })).toBeVisible({ timeout: 15_000 });
  await expect(b.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: 30_000 });
});

/** Two devices of one account, B unlocked with A's recovery key; both closed settings. */
async function twoDevices(browser: Browser) {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@x.test`;
  const a = await device(browser);
  const panelA = await signIn(a, email);
  const recoveryKey = (await panelA.getByTestId('recovery-key').textContent())?.trim() ?? '';
  await panelA.getByRole('button', { name: 'I wrote it down' }).click();
  await a.getByRole('button', { name: 'Close' }).click();
  const b = await device(browser);
  const panelB = await signIn(b, email);
  await panelB.getByLabel('Recovery key').fill(recoveryKey);
  await panelB.getByRole('button', { name: 'Unlock' }).click();
  await expect(panelB.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: 30_000 });
  await b.getByRole('button', { name: 'Close' }).click();
  return { a, b };
}

/** On narrow layouts the editor hides the list behind a back button. */
async function backToList(page: Page) {
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
}

/** Settings → Sync now, until the run is clean (pulls do not wait for the 60 s tick). */
async function syncNow(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Sync', exact: true });
  await panel.getByRole('button', { name: 'Sync now' }).click();
  await expect(panel.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Close' }).click();
}

test('a task crosses devices, typing in one note converges, and an offline device loses nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { a, b } = await twoDevices(browser);

  await a.goto('/#/tasks/project/inbox');
  await a.getByRole('textbox', { name: 'New task in this project' }).fill('Call the plumber');
  await a.getByRole('button', { name: 'Add' }).click();
  await expect(a.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: 30_000 });
  await syncNow(b);
  await b.goto('/#/tasks/project/inbox');
  await expect(b.getByRole('button', { name: 'Call the plumber' }).first()).toBeVisible();

  // concurrent typing: both devices edit one note before either syncs
  await a.goto('/');
  await newNote(a, 'Typing', 'middle');
  await expect(a.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: 30_000 });
  await b.goto('/');
  await syncNow(b);
  await b.getByRole('button', { name: 'Typing' }).click();
  await expect(b.getByRole('textbox', { name: 'Note body' })).toHaveText('middle');
  await b.context().setOffline(true);
  await b.getByRole('textbox', { name: 'Note body' }).click();
  await b.keyboard.press('ControlOrMeta+End');
  await b.keyboard.insertText(' end-from-B');
  await a.getByRole('textbox', { name: 'Note body' }).click();
  await a.keyboard.press('ControlOrMeta+Home');
  await a.keyboard.insertText('start-from-A ');
  await expect(a.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(b.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(b.getByTestId('sync-indicator')).not.toHaveText('Synced', { timeout: 15_000 });

  // B was offline: it also writes a new note there, then comes back
  await backToList(b);
  await newNote(b, 'Written offline', 'on the train');
  await b.context().setOffline(false);
  await syncNow(b);
  await syncNow(a);
  await syncNow(b);
  await expect(a.getByRole('textbox', { name: 'Note body' })).toHaveText('start-from-A middle end-from-B');
  await b.getByRole('button', { name: 'Typing' }).click();
  await expect(b.getByRole('textbox', { name: 'Note body' })).toHaveText('start-from-A middle end-from-B');
  await backToList(a);
  await a.getByRole('button', { name: 'Written offline' }).click();
  await expect(a.getByRole('textbox', { name: 'Note body' })).toHaveText('on the train');
});
