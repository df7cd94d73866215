import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const NEWER = ['Home', 'Calendar', 'Reminders', 'Templates', 'Filters'];

test('Settings > Sections hides the newer sections from the navigation and brings them back', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  let dialog = await openSettings(page);
  for (const name of NEWER)
    await dialog.getByRole('checkbox', { name: `Show the ${name} section` }).uncheck();
  await dialog.getByRole('button', { name: 'Close' }).click();
  for (const name of NEWER) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible();

  await page.reload();
  await appReady(page);
  await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible();
  for (const name of NEWER) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  dialog = await openSettings(page);
  for (const name of NEWER) await dialog.getByRole('checkbox', { name: `Show the ${name} section` }).check();
  await dialog.getByRole('button', { name: 'Close' }).click();
  for (const name of NEWER) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
});

test('the Home link opens the default home page; the list stays at Home pages', async ({ page }) => {
  await page.goto('/#/home');
  await appReady(page);
  const add = page.getByRole('form', { name: 'Add home page' });
  await add.getByRole('combobox', { name: 'Opens' }).selectOption({ label: 'Inbox' });
  await add.getByRole('checkbox', { name: 'Default' }).check();
  await add.getByRole('button', { name: 'Add home page' }).click();
  // Making a default while looking at the list does not jump away from it.
  await expect(
    page.getByRole('list', { name: 'Home pages' }).getByRole('link', { name: 'Inbox (default)' }),
  ).toBeVisible();
  await expect(page.locator('.app')).toHaveAttribute('data-section', 'home');

  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/#\/inbox$/);
  await expect(page.locator('.app')).toHaveAttribute('data-section', 'inbox');

  // Settings > Sections reaches the list; without a default, Home shows the list itself.
  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Manage home pages' }).click();
  await expect(page).toHaveURL(/#\/home\/pages$/);
  await page.getByRole('button', { name: 'Remove home page Inbox' }).click();
  await expect(page.getByRole('list', { name: 'Home pages' })).toHaveText('Pin the places you open most.');
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByRole('heading', { name: 'Home pages' })).toBeVisible();
});
