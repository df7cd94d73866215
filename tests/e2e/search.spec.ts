import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

/** This spec searches from the note list: back to it after each note. */
async function newNoteThenList(page: Page, title: string, body: string) {
  await newNote(page, title, body);
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
}

test('Ctrl+K searches note text as you type, highlights matches, and Enter opens the note', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  await newNoteThenList(page, 'Geology', 'Granite is an igneous rock with <b>quartz</b>.');
  await newNoteThenList(page, 'Travel', 'We walked past granite cliffs.');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search notes' }).fill('quartz');
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText(['quartz']);
  // Markup in a note is shown as text, never rendered.
  await expect(results.getByRole('option', { name: 'Geology' })).toContainText('<b>quartz</b>');
  await dialog.getByRole('combobox', { name: 'Search notes' }).fill('granit');
  await expect(results.getByRole('option')).toHaveCount(2);
  await dialog.getByRole('combobox', { name: 'Search notes' }).fill('zzzzqqq');
  await expect(dialog.getByRole('status')).toHaveText('No notes match.');
  await dialog.getByRole('combobox', { name: 'Search notes' }).fill('cliffs');
  await expect(results.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Travel');
  // The index persists: after a reload the same search answers at once.
  await page.reload();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('combobox', { name: 'Search notes' }).fill('igneous');
  await expect(
    page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: 'Geology' }),
  ).toBeVisible();
});

test('an open search follows the index: a note saved in another tab joins the results without retyping', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await appReady(page);
  await newNoteThenList(page, 'Columns', 'Basalt forms hexagonal columns.');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search notes' }).fill('basalt');
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveText([/Columns/]);

  const other = await context.newPage();
  await other.goto('/');
  await appReady(other);
  await newNote(other, 'Causeway', 'The causeway is basalt too.');
  await expect(results.getByRole('option')).toHaveCount(2);
  await expect(results.getByRole('option', { name: 'Causeway' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Search notes' })).toHaveValue('basalt');
});
