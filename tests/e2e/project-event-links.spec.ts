import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';

// The event picker is the same search-and-button list on a phone: desktop only.
test('a project links a calendar event through the event picker; linked counts show it @desktop-only', async ({
  page,
}) => {
  await page.goto('/#/calendar');
  await appReady(page);
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

// A 1x1 transparent PNG: the smallest file the importer files as a file (not a note).
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a project adds a web link (refusing a bad address) and several files; all show in its links', async ({
  page,
}) => {
  // No network in tests: the preview fails at once and the link keeps the plain title.
  await page.route('https://example.com/**', (route) => route.abort());
  await page.goto('/#/tasks/project/inbox');
  await appReady(page);
  await page.getByText('Links (0 notes, 0 files, 0 events)').click();
  const form = page.getByRole('form', { name: 'Add link' });
  await expect(form).toBeVisible();
  // A new vault's Inbox project page read its links before the Inbox existed: "does not exist".
  await expect(page.getByRole('alert')).toHaveCount(0);
  const address = form.getByRole('textbox', { name: 'Link address' });
  await address.fill('not a web address');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByRole('alert')).toContainText('full web address');
  await expectFitsWindow(page, 'project links: Add link with its error, Add files');
  await address.fill('https://example.com/guides/soil');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByRole('status')).toContainText('Added the link');
  const links = page.getByRole('list', { name: 'Project links' });
  await expect(links.getByRole('link', { name: /example\.com/ })).toBeVisible();

  await page.getByLabel('Add files').setInputFiles([
    {
      name: 'Planting plan.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Planting plan\n\nTomatoes.'),
    },
    { name: 'bed.png', mimeType: 'image/png', buffer: PIXEL },
  ]);
  await expect(page.getByText('Added 2 files to the project.')).toBeVisible();
  await expect(page.getByText('Links (2 notes, 1 files, 0 events)')).toBeVisible();
  await expect(links.getByRole('link', { name: 'Planting plan' })).toBeVisible();
  await expect(links.getByRole('link', { name: /bed/ })).toBeVisible();
  await expectFitsWindow(page, 'project links: the added link, note and file');
});
