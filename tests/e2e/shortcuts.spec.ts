import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

// Keyboard shortcuts are a desktop feature: a phone has no keyboard to press them on.
test.skip(({ isMobile }) => isMobile, 'desktop only');

test('shortcuts go to sections, make a note, open search and the help; not while typing', async ({
  page,
}) => {
  await openApp(page);
  await page.keyboard.press('Alt+3');
  await expect(page).toHaveURL(/#\/inbox$/);
  await page.keyboard.press('Alt+4');
  await expect(page).toHaveURL(/#\/journal$/);
  await page.keyboard.press('Alt+2');
  await expect(page).toHaveURL(/#\/tasks\/today$/);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('button', { name: 'New note' })).toBeVisible();

  await page.keyboard.press('Control+K');
  await expect(page.getByRole('dialog', { name: /search/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /search/i })).toBeHidden();

  await page.keyboard.press('Alt+N');
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toBeVisible();
  await expect(page.locator('.count')).toHaveText('1 note');
  // Typing a question mark into the title is text, not the help.
  await title.fill('');
  await title.press('?');
  await expect(title).toHaveValue('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await title.fill('Plan');
  await title.press('Enter');

  // Outside any text field, `?` is the help.
  await page.getByRole('button', { name: 'New note' }).focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row', { name: /Create a note Alt\+N/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Open search Ctrl\+K/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('Alt+T');
  await expect(page).toHaveURL(/#\/tasks\/today$/);
  await expect(page.getByRole('textbox', { name: 'New task for today' })).toBeFocused();
});

test('a shortcut changed in settings applies at once; reset brings the defaults back', async ({ page }) => {
  await openApp(page);
  await page.keyboard.press('Control+Comma');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  const keys = dialog.getByRole('region', { name: 'Keyboard shortcuts' });
  const newNote = keys.getByRole('textbox', { name: 'Create a note' });
  await expect(newNote).toHaveValue('Alt+N');
  await newNote.fill('Ctrl+Q');
  await newNote.press('Tab');
  await expect(keys.getByRole('alert')).toBeVisible();
  await newNote.fill('Alt+M');
  await newNote.press('Tab');
  await expect(keys.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.keyboard.press('Alt+N');
  await expect(page.locator('.count')).toHaveText('0 notes');
  await page.keyboard.press('Alt+M');
  await expect(page.locator('.count')).toHaveText('1 note');
  await page.getByRole('button', { name: 'New note' }).focus();
  await page.keyboard.press('?');
  await expect(
    page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('row', { name: /Alt\+M/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await keys.getByRole('button', { name: 'Reset shortcuts' }).click();
  await expect(keys.getByRole('status')).toHaveText('Shortcuts reset to their defaults.');
  await expect(newNote).toHaveValue('Alt+N');
});

test('every planning section opens with Alt and its key, listed in the help; not while typing', async ({
  page,
}) => {
  await openApp(page);
  for (const [key, hash] of [
    ['C', 'canvas'],
    ['H', 'home'],
    ['E', 'calendar'],
    ['R', 'reminders'],
    ['P', 'templates'],
    ['F', 'filters'],
    ['I', 'inbox'],
    ['J', 'journal'],
  ] as const) {
    await page.keyboard.press(`Alt+${key}`);
    await expect(page).toHaveURL(new RegExp(`#/${hash}`));
  }
  // Alt+T stays "create a task" (a keyboard setting takes it).
  await page.keyboard.press('Alt+T');
  await expect(page.getByRole('textbox', { name: 'New task for today' })).toBeFocused();
  // While typing, Alt+letter is the text's (Option+E is an accent on a Mac): no section opens.
  await page.getByRole('textbox', { name: 'New task for today' }).press('Alt+C');
  await expect(page).toHaveURL(/#\/tasks\/today$/);

  await page.getByRole('link', { name: 'Canvas' }).focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /Go to Canvas Alt\+C/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Go to Filters Alt\+F/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Go to Tasks/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
});
