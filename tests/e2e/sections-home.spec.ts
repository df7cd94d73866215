import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';
import { goToSection, openMoreSections, sectionNav } from './sectionNav';

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
  // Under More, only the Graph and the Trash are left.
  await openMoreSections(page);
  await expect(nav.getByRole('group', { name: 'More sections' }).getByRole('link')).toHaveText([
    'Graph',
    'Trash',
  ]);
  await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible();

  await page.reload();
  await appReady(page);
  await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible();
  await openMoreSections(page);
  await expect(nav.getByRole('group', { name: 'More sections' }).getByRole('link')).toHaveText([
    'Graph',
    'Trash',
  ]);
  dialog = await openSettings(page);
  for (const name of NEWER) await dialog.getByRole('checkbox', { name: `Show the ${name} section` }).check();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await openMoreSections(page);
  await expect(nav.getByRole('group', { name: 'More sections' }).getByRole('link')).toHaveText([
    ...NEWER,
    'Graph',
    'Trash',
  ]);
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
  await goToSection(page, 'Home');
  await expect(page).toHaveURL(/#\/inbox$/);
  await expect(page.locator('.app')).toHaveAttribute('data-section', 'inbox');

  // Settings > Sections reaches the list; without a default, Home shows the list itself.
  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Manage home pages' }).click();
  await expect(page).toHaveURL(/#\/home\/pages$/);
  await page.getByRole('button', { name: 'Remove home page Inbox' }).click();
  await expect(page.getByRole('list', { name: 'Home pages' })).toHaveText('Pin the places you open most.');
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await goToSection(page, 'Home');
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByRole('heading', { name: 'Home pages' })).toBeVisible();
});

// Issue 19 parts 3, 4 and 6: five sections and More, on a phone a bottom bar that shows all of
// them without scrolling; More names the section open in it; the vault's name stays in the bar.
test('the sections: five and More, the one open named, the vault name kept', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  const nav = sectionNav(page);
  await expect(nav.getByRole('link')).toHaveText(['Notes', 'Tasks', 'Journal', 'Inbox', 'Canvas']);
  await expect(page.getByTestId('vault-name')).toBeVisible();
  await expect(page.getByTestId('vault-name')).not.toHaveText('');
  // Every tab is fully inside the bar: nothing scrolls out of sight.
  const clipped = await nav.evaluate((el) => {
    const bar = el.getBoundingClientRect();
    return [...el.querySelectorAll(':scope > a, :scope > .sections-more')]
      .map((t) => t.getBoundingClientRect())
      .filter((r) => r.left < bar.left - 1 || r.right > bar.right + 1).length;
  });
  expect(clipped).toBe(0);

  const more = nav.getByRole('button', { name: 'More' });
  await more.click();
  const menu = nav.getByRole('group', { name: 'More sections' });
  await expect(menu.getByRole('link')).toHaveText([
    'Home',
    'Calendar',
    'Reminders',
    'Templates',
    'Filters',
    'Graph',
    'Trash',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await more.click();
  await menu.getByRole('link', { name: 'Calendar' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/#\/calendar/);
  await expect(nav.getByRole('button', { name: 'More: Calendar' })).toBeVisible();
  await expect(page.getByTestId('vault-name')).toBeVisible();
  await expectFitsWindow(page, 'the calendar with More named');
  await nav.getByRole('link', { name: 'Journal' }).click();
  await expect(nav.getByRole('button', { name: 'More' })).toBeVisible();
});
