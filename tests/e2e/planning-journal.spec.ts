import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

test('write today’s journal entry; it persists, marks the calendar and starts a streak', async ({ page }) => {
  await page.goto('/#/journal');
  await appReady(page);
  await expect(page.getByRole('heading', { name: /^Today, \d{4}-\d{2}-\d{2}$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entry' }).getByRole('status')).toHaveText('No entry yet');

  const box = page.getByRole('textbox', { name: 'Journal entry' });
  await box.fill('Walked by the river. #outside');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByRole('region', { name: 'Entry' }).getByRole('status')).toHaveText('Saved');
  await expect(page.getByText('Streak: 1 day')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Journal entry' })).toHaveValue(
    'Walked by the river. #outside',
  );
  await expect(page.getByRole('button', { name: /has an entry/ })).toHaveCount(1);

  // Another day is empty; coming back shows today's text again.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByRole('textbox', { name: 'Journal entry' })).toHaveValue('');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('textbox', { name: 'Journal entry' })).toHaveValue(
    'Walked by the river. #outside',
  );
});

test('the day’s context lists a task due today and a note edited today; journal tags count the entries', async ({
  page,
}) => {
  await page.goto('/#/tasks/today');
  await appReady(page);
  await page.getByRole('textbox', { name: 'New task for today' }).fill('Water the plants');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: 'Water the plants' })).toBeVisible();
  await page.goto('/#/');
  await newNote(page, 'Garden log', 'Tomatoes are red');

  await page.goto('/#/journal');
  const day = page.getByRole('region', { name: 'That day' });
  await expect(day.getByRole('link', { name: 'Water the plants' })).toBeVisible();
  await expect(day.getByRole('link', { name: 'Garden log' })).toBeVisible();
  // The task opens from the day's context.
  await day.getByRole('link', { name: 'Water the plants' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Water the plants');

  await page.goto('/#/journal');
  const tags = page.getByRole('list', { name: 'Journal tags' });
  await expect(page.getByText('None yet: write #tag in an entry.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Journal entry' }).fill('Picked tomatoes #garden #harvest');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(tags.getByRole('listitem')).toHaveText(['#garden 1 entry', '#harvest 1 entry']);
  await page.getByRole('button', { name: 'Previous day' }).click();
  await page.getByRole('textbox', { name: 'Journal entry' }).fill('Weeded #garden');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(tags.getByRole('listitem')).toHaveText(['#garden 2 entries', '#harvest 1 entry']);
});
