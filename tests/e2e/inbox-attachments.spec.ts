import { expect, test } from '@playwright/test';
import { appReady } from './appReady';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an image capture converted to a note is that note’s embedded attachment; undo gives the capture its image back', async ({
  page,
}) => {
  await page.goto('/#/inbox');
  await appReady(page);
  const list = page.getByRole('list', { name: 'Inbox' });
  await page.getByLabel('Image, PDF or recording file').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(list.getByRole('img', { name: 'receipt.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Convert receipt.png to note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now a note' })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'receipt.png' })).toHaveCount(0);
  // Undo: the capture is back, and its image shows again (its bytes were copied back).
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(list.getByRole('img', { name: 'receipt.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Convert receipt.png to note' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'receipt.png' })).toHaveCount(0);
  // The undo removed the unedited note it had made, so this convert meets no leftover note.
  await page.goto('/');
  await appReady(page);
  // (the list shows the attachment file too; the note is the entry whose snippet is the embed)
  const note = page
    .locator('.list-pane')
    .getByRole('listitem')
    .filter({ hasText: '![[receipt.png]]' })
    .getByRole('button');
  await expect(note).toHaveCount(1);
  await note.click();
  await expect(page.getByRole('textbox', { name: 'Note body' })).toContainText('![[receipt.png]]');
  await expect(
    page
      .getByRole('region', { name: 'Attachments' })
      .getByRole('button', { name: 'receipt.png', exact: true }),
  ).toBeVisible();
});
