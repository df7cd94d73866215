import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

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

// Issue 19 part 4: the command palette (Mod+P) runs an app action by name; the quick switcher
// (Mod+O) opens a note by a fuzzy title, lists the notes edited last when empty, and creates one.
test('the command palette runs actions by name; the quick switcher opens and creates notes', async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'Meeting notes', 'Agenda');
  await newNote(page, 'Project plan');

  await page.keyboard.press('Control+O');
  const switcher = page.getByRole('dialog', { name: 'Open a note' });
  const find = switcher.getByRole('combobox', { name: 'Open a note' });
  await expect(find).toBeFocused();
  await expect(switcher.getByRole('option')).toHaveText([/^Project plan/, /^Meeting notes/]);
  await find.fill('mtng nts');
  await expect(switcher.getByRole('option')).toHaveText([/^Meeting notes/, 'Create note “mtng nts”']);
  await expect(switcher.getByRole('status')).toHaveText('2 matches');
  await find.press('Enter');
  await expect(switcher).toBeHidden();
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('Meeting notes');

  await page.keyboard.press('Control+O');
  await find.fill('Reading list');
  await expect(switcher.getByRole('option', { name: 'Create note “Reading list”' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await find.press('Enter');
  await expect(title).toHaveValue('Reading list');
  await expect(page.locator('.count')).toHaveText('3 notes');

  await page.keyboard.press('Control+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const command = palette.getByRole('combobox', { name: 'Command palette' });
  await expect(command).toBeFocused();
  await command.fill('open search');
  await expect(palette.getByRole('option').first()).toHaveText(/Open search\s*Ctrl\+K/);
  await command.fill('theme dark');
  await command.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // ↓ moves the choice; Enter runs the chosen one.
  await page.keyboard.press('Control+P');
  await command.fill('go to');
  await command.press('ArrowDown');
  const second = palette.getByRole('option').nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  const target = ((await second.locator('.picker-label').textContent()) ?? '').replace('Go to ', '');
  await command.press('Enter');
  await expect(palette).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: target }),
  ).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Control+P');
  await command.fill('zzzz');
  await expect(palette.getByText('No command matches.').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});
