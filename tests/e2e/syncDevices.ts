import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { appReady } from './appReady';

// Devices of one account for the sync specs: each browser context is one device (its own
// IndexedDB, install id and signing key) against the real local service the build points at
// (VITE_SYNC_URL; playwright.config.ts starts it with @x.test as development accounts, whose
// sign-in code the service answers and the panel fills in).

/** Sync is eventually consistent: a loaded 2-core machine may take this long for one hop. */
export const SYNC_WAIT = 45_000;

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@x.test`;

/** A fresh browser context (the project's options: the phone project's contexts are phones), the app ready. */
export async function device(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // the user answers yes to the app's own confirmations (delete note, delete task)
  page.on('dialog', (d) => void d.accept());
  await page.goto('/');
  await appReady(page);
  return page;
}

export const syncPanel = (page: Page): Locator => page.getByRole('region', { name: 'Sync', exact: true });

export async function openSettings(page: Page): Promise<Locator> {
  const panel = syncPanel(page);
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
  await expect(panel).toBeVisible();
  return panel;
}

export async function closeSettings(page: Page) {
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(syncPanel(page)).toHaveCount(0);
}

/** Settings → Sync → email code → sign in. Leaves Settings open. */
export async function signIn(page: Page, email: string): Promise<Locator> {
  const panel = await openSettings(page);
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Email me a code' }).click();
  await expect(panel.getByLabel('Code')).not.toHaveValue('');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  return panel;
}

/** The first device of an account: signs in, sets up the vault key, answers its recovery key. */
export async function firstDevice(browser: Browser, email: string) {
  const page = await device(browser);
  const panel = await signIn(page, email);
  const shown = panel.getByTestId('recovery-key');
  await expect(shown).toBeVisible({ timeout: SYNC_WAIT });
  const recoveryKey = ((await shown.textContent()) ?? '').trim();
  expect(recoveryKey.length).toBeGreaterThan(20);
  await panel.getByRole('button', { name: 'I wrote it down' }).click();
  await closeSettings(page);
  return { page, recoveryKey };
}

/**
 * Settings → Sync → Show recovery key → confirm: the key the dialog shows (docs/keys.md, "Showing
 * the recovery key again"). Leaves Settings open.
 */
export async function showRecoveryKeyAgain(page: Page): Promise<string> {
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

/** A further device set up as a user with the recovery key does. */
export async function joinWithRecoveryKey(browser: Browser, email: string, recoveryKey: string) {
  const page = await device(browser);
  const panel = await signIn(page, email);
  await panel.getByLabel('Recovery key').fill(recoveryKey);
  await panel.getByRole('button', { name: 'Unlock' }).click();
  await expect(panel.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: SYNC_WAIT });
  await closeSettings(page);
  return page;
}

/** A further device linked from `sponsor` with the 6-digit code, as a user without the recovery key does. */
export async function joinByLink(browser: Browser, email: string, sponsor: Page) {
  const page = await device(browser);
  const panel = await signIn(page, email);
  await expect(panel.getByRole('button', { name: 'Link with another device' })).toBeVisible({
    timeout: SYNC_WAIT,
  });
  // The signed-in device opens its screen first, as that screen tells the user to. (The other
  // order works too: it answers requests up to 5 minutes old, tests/unit/sync/sponsorLink.test.ts.)
  const sponsorPanel = await openSettings(sponsor);
  await sponsorPanel.getByRole('button', { name: 'Link a new device' }).click();
  await expect(sponsorPanel.getByRole('status').filter({ hasText: 'Waiting' })).toBeVisible({
    timeout: SYNC_WAIT,
  });
  await panel.getByRole('button', { name: 'Link with another device' }).click();
  const code = sponsorPanel.getByTestId('link-code');
  await expect(code).toHaveText(/^\d{6}$/, { timeout: SYNC_WAIT });
  await panel.getByLabel('Code shown on the other device').fill((await code.textContent()) ?? '');
  await panel.getByRole('button', { name: 'Check the code' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Code accepted' })).toBeVisible({
    timeout: SYNC_WAIT,
  });
  await sponsorPanel.getByRole('button', { name: 'Send the key' }).click();
  await expect(panel.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: SYNC_WAIT });
  await closeSettings(sponsor);
  await closeSettings(page);
  return page;
}

/**
 * Settings → Sync now: waits for that run to end (the button is disabled while it runs, so a
 * "Synced" left from before cannot pass), then for "Synced" (nothing queued, failed or quarantined).
 */
export async function syncNow(page: Page) {
  const panel = await openSettings(page);
  const button = panel.getByRole('button', { name: 'Sync now' });
  await button.click();
  await expect(button).toBeEnabled({ timeout: SYNC_WAIT });
  await expect(panel.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: SYNC_WAIT });
  await closeSettings(page);
}

/** Syncs every device in turn, twice, so each has pushed and then seen everyone's pushes. */
export async function settle(...pages: Page[]) {
  for (let round = 0; round < 2; round++) for (const p of pages) await syncNow(p);
}

/** On narrow layouts the editor hides the list behind a back button. */
export async function backToList(page: Page) {
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
}

export const indicator = (page: Page) => page.getByTestId('sync-indicator');

/**
 * Moves inside the app by its hash route (no reload), so it works while the context is offline:
 * a reload there would need the service worker, which the sync specs do not test.
 */
export async function nav(page: Page, hash: string) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await appReady(page);
}

/** Opens a note from the notes list (it may still be on its way from another device). */
export async function openNote(page: Page, title: string) {
  await nav(page, '#/');
  await backToList(page);
  await page.getByRole('button', { name: title, exact: true }).click({ timeout: SYNC_WAIT });
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
}

export const noteBody = (page: Page) => page.getByRole('textbox', { name: 'Note body' });

/** The Inbox project's task list (an open task editor is a route of its own: this leaves it). */
export async function inboxTasks(page: Page) {
  await nav(page, '#/tasks/project/inbox');
  await expect(page.getByRole('textbox', { name: 'New task in this project' })).toBeVisible();
}

export async function addTask(page: Page, title: string) {
  await inboxTasks(page);
  await page.getByRole('textbox', { name: 'New task in this project' }).fill(title);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: title, exact: true }).first()).toBeVisible();
}

/** Opens a task of the Inbox in the task editor (it may still be on its way from another device). */
export async function openTask(page: Page, title: string) {
  await inboxTasks(page);
  await page.getByRole('button', { name: title, exact: true }).first().click({ timeout: SYNC_WAIT });
  await expect(page.getByRole('region', { name: 'Task editor' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
}

const PRIORITIES = ['None', 'Low', 'Medium', 'High', 'Urgent'];

export type TaskFields = { title?: string; priority?: string; due?: string };

/** Expects the open task editor to show these values. */
export async function expectTask(page: Page, fields: TaskFields, timeout?: number) {
  const editor = page.getByRole('region', { name: 'Task editor' });
  if (fields.title !== undefined)
    await expect(editor.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(fields.title, {
      timeout,
    });
  if (fields.priority !== undefined)
    await expect(editor.getByRole('combobox', { name: 'Priority' })).toHaveValue(
      String(PRIORITIES.indexOf(fields.priority)),
      { timeout },
    );
  if (fields.due !== undefined)
    await expect(editor.getByLabel('Due date')).toHaveValue(fields.due, { timeout });
}

/**
 * Edits fields of the task `title` and saves them as ONE edit (each changed field's clock ticks
 * once), then reopens the task and waits for the stored values: the form shows what was chosen
 * before the worker stored it, so only a fresh editor proves the edit landed (and a second edit
 * of the same field made before that could be read as no change at all).
 */
export async function editTask(page: Page, title: string, fields: TaskFields) {
  await openTask(page, title);
  const editor = page.getByRole('region', { name: 'Task editor' });
  if (fields.title !== undefined)
    await editor.getByRole('textbox', { name: 'Title', exact: true }).fill(fields.title);
  if (fields.priority !== undefined)
    await editor.getByRole('combobox', { name: 'Priority' }).selectOption({ label: fields.priority });
  if (fields.due !== undefined) await editor.getByLabel('Due date').fill(fields.due);
  await editor.getByRole('button', { name: 'Save task' }).click();
  await editor.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(editor).toHaveCount(0);
  await openTask(page, fields.title ?? title);
  await expectTask(page, fields);
}
