import { expect, test } from '@playwright/test';

test('a project links a calendar event through the event picker; linked counts show it', async ({ page }) => {
  await page.goto('/#/calendar');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 15_000 });
  const form = page.getByRole('form', { name: 'New event' });
  await form.getByRole('textbox', { name: 'Event' }).fill('Launch review');
  await form.getByLabel('Starts').fill('10:00');
  await form.getByLabel('Ends').fill('11:00');
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(page.locator('.day-agenda[data-today="true"]').getByText('Launch review')).toBeVisible();

  await page.goto('/#/tasks/project/inbox');
  await page.getByText('Links (0 notes, 0 files, 0 events)').click();
  const find = page.getByRole('searchbox', { name: 'Find an event to link' });
  await find.fill('nothing like it');
  await expect(page.getByRole('list', { name: 'Events to link' })).toHaveText('No event by that title.');
  await find.fill('launch');
  await page
    .getByRole('list', { name: 'Events to link' })
    .getByRole('button', { name: 'Link Launch review' })
    .click();
  await expect(page.getByText('Links (0 notes, 0 files, 1 events)')).toBeVisible();
  const links = page.getByRole('list', { name: 'Project links' });
  await expect(links).toContainText('Launch review');
  await expect(find).toHaveValue('');

  // Linking it twice is one link; unlinking takes it off the counts.
  await find.fill('launch');
  await page.getByRole('button', { name: 'Link Launch review', exact: true }).click();
  await expect(page.getByText('Links (0 notes, 0 files, 1 events)')).toBeVisible();
  await links.getByRole('button', { name: 'Unlink Launch review' }).click();
  await expect(page.getByText('Links (0 notes, 0 files, 0 events)')).toBeVisible();
});
