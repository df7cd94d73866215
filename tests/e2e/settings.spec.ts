import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// --bg of src/ui/styles.css in each scheme
const LIGHT_BG = 'rgb(247, 245, 240)';
const DARK_BG = 'rgb(18, 24, 22)';

test('the theme applies at once and after a reload; a section hidden in settings leaves the nav', async ({
  page,
}) => {
  // The system scheme is light here; the chosen theme wins over it, and 'system' follows it again.
  await page.emulateMedia({ colorScheme: 'light' });
  const body = page.locator('body');
  await openApp(page);
  await expect(body).toHaveCSS('background-color', LIGHT_BG);
  const dialog = await openSettings(page);
  const theme = dialog.getByRole('combobox', { name: 'Colour theme' });
  await expect(theme).toHaveValue('system');
  await theme.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(body).toHaveCSS('background-color', DARK_BG);

  const journal = dialog.getByRole('checkbox', { name: 'Show the Journal section' });
  await expect(journal).toBeChecked();
  await journal.uncheck();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'Journal' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();

  await page.reload();
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(body).toHaveCSS('background-color', DARK_BG);
  await expect(nav.getByRole('link', { name: 'Journal' })).toHaveCount(0);
  const again = await openSettings(page);
  await again.getByRole('combobox', { name: 'Colour theme' }).selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(body).toHaveCSS('background-color', LIGHT_BG);
  await again.getByRole('combobox', { name: 'Colour theme' }).selectOption('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  await expect(body).toHaveCSS('background-color', LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(body).toHaveCSS('background-color', DARK_BG);
});

test('a refused value shows why and changes nothing; every group has a section that fits the window', async ({
  page,
}) => {
  await openApp(page);
  const dialog = await openSettings(page);
  const size = dialog.getByRole('spinbutton', { name: 'Editor font size in CSS px' });
  await expect(size).toHaveValue('16');
  await size.fill('99');
  await size.press('Tab');
  await expect(dialog.getByRole('alert')).toContainText('24');
  await size.fill('18');
  await size.press('Tab');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--editor-font-size')))
    .toBe('18px');

  for (const name of [
    'General',
    'Vaults',
    'Editor',
    'Notes',
    'Tasks',
    'Journal',
    'Inbox',
    'Calendar',
    'Graph',
    'Sections',
    'Tabs',
    'Keyboard shortcuts',
    'AI and agents',
    'Voice',
    'Sync on this device',
    'Backup',
  ])
    await expect(dialog.getByRole('region', { name, exact: true })).toHaveCount(1);
  await expect(
    dialog.getByRole('checkbox', { name: /convert checkbox lines to tasks for agents/i }),
  ).not.toBeChecked();
  await expect(dialog.getByText('No speech-to-text model ships with Cairn', { exact: false })).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Jump to section' }).selectOption({ label: 'Backup' });
  await expect(dialog.getByRole('heading', { name: 'Backup', exact: true })).toBeInViewport();
  // The window's own width: a page wider than it would widen the phone's layout viewport.
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => window.innerWidth)).toBe(width);
  const wide = await dialog.evaluate((d, w) => {
    const out: string[] = [];
    for (const el of d.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > w + 1) out.push(`${el.tagName}.${el.className}`);
    }
    return out;
  }, width);
  expect(wide).toEqual([]);
});

// Lost edits: every settings re-read (here another tab's theme) wrote each stored value back over a
// box being typed in (docs/foundation.md, "Live forms").
test('a setting being typed survives another tab changing settings; saved, it reaches that tab @desktop-only', async ({
  context,
}) => {
  const a = await context.newPage();
  await openApp(a);
  const b = await context.newPage();
  await openApp(b);
  const dialogA = await openSettings(a);
  const dialogB = await openSettings(b);
  const folderA = dialogA.getByRole('textbox', { name: /^Folder path a new note goes into/ });
  const sizeA = dialogA.getByRole('spinbutton', { name: 'Editor font size in CSS px' });
  await folderA.fill('Inbox/New');
  await sizeA.fill('20');
  await dialogB.getByRole('combobox', { name: 'Colour theme' }).selectOption('dark');
  // A shows B's theme: A has read the settings again.
  await expect(dialogA.getByRole('combobox', { name: 'Colour theme' })).toHaveValue('dark');
  await expect(folderA).toHaveValue('Inbox/New');
  await expect(sizeA).toHaveValue('20');

  await folderA.press('Tab');
  await expect(dialogB.getByRole('textbox', { name: /^Folder path a new note goes into/ })).toHaveValue(
    'Inbox/New',
  );
  // A's own save read the settings again too: the size typed is still there.
  await expect(sizeA).toHaveValue('20');
  await sizeA.press('Tab');
  await expect(dialogB.getByRole('spinbutton', { name: 'Editor font size in CSS px' })).toHaveValue('20');
});
