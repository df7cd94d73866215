import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';
import { openProjectWith } from './tasksPage';

async function addFilter(page: Page, name: string, contains: string) {
  const form = page.getByRole('form', { name: 'New saved filter' });
  await form.getByRole('textbox', { name: 'Filter name' }).fill(name);
  await form.getByRole('textbox', { name: 'Title contains' }).fill(contains);
  await form.getByRole('button', { name: 'Save filter' }).click();
  await expect(page.getByRole('list', { name: 'Saved filters' }).getByRole('link', { name })).toBeVisible();
}

// Issue 5 part 7, saved filters: savedFilters.update and savedFilters.reorder from the UI.
test('a saved filter is renamed and its conditions changed in place; the list is reordered', async ({
  page,
}) => {
  await openProjectWith(page, '#/tasks/project/inbox', [
    'Pay the gas bill',
    'Pay the water bill',
    'Walk the dog',
  ]);
  await page.goto('/#/filters');
  await addFilter(page, 'Bills', 'bill');
  await addFilter(page, 'Dog', 'dog');
  const saved = page.getByRole('list', { name: 'Saved filters' });
  await expect(saved.getByRole('link')).toHaveText(['Bills', 'Dog']);

  await page.getByRole('button', { name: 'Edit filter Bills' }).click();
  const form = page.getByRole('form', { name: 'Edit Bills' });
  await expect(form.getByRole('textbox', { name: 'Title contains' })).toHaveValue('bill');
  await expect(form.getByRole('combobox', { name: 'Applies to' })).toBeDisabled();
  await expectFitsWindow(page, 'a saved filter being edited');
  // An empty name is refused, and nothing changes.
  await form.getByRole('textbox', { name: 'Filter name' }).fill(' ');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await form.getByRole('textbox', { name: 'Filter name' }).fill('Water');
  await form.getByRole('textbox', { name: 'Title contains' }).fill('water');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('form', { name: /^Edit / })).toHaveCount(0);
  await expect(saved.getByRole('link')).toHaveText(['Water', 'Dog']);
  await saved.getByRole('link', { name: 'Water' }).click();
  const matches = page.getByRole('list', { name: 'Matches' });
  await expect(matches.getByRole('link')).toHaveText(['Pay the water bill']);

  await page.getByRole('button', { name: 'Move Dog up' }).click();
  await expect(saved.getByRole('link')).toHaveText(['Dog', 'Water']);
  await expect(page.getByRole('button', { name: 'Move Dog up' })).toBeDisabled();
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('list', { name: 'Saved filters' }).getByRole('link')).toHaveText([
    'Dog',
    'Water',
  ]);
  await expect(page.getByRole('list', { name: 'Matches' }).getByRole('link')).toHaveText([
    'Pay the water bill',
  ]);
});
