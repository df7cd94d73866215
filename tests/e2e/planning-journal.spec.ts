import { expect, test } from '@playwright/test';
import { appReady } from './appReady';

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
