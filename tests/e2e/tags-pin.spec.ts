import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

async function openTag(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: 'Folders', expanded: false });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByText('Tags', { exact: true }).click();
  await page.getByRole('list', { name: 'Tags' }).getByRole('button', { name: label }).click();
}

test('a note pinned to a tag lists first among the tag’s notes, and stays pinned over a reload', async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'Older', 'First #topic');
  await newNote(page, 'Newer', 'Second #topic');
  await openTag(page, 'Tag topic, 2 notes');
  const tagged = page.getByRole('region', { name: 'Notes tagged topic' });
  const titles = tagged.getByRole('listitem').getByRole('button', { name: /^(?!Pin to|Unpin from)/ });
  await expect(titles).toHaveText(['Newer', 'Older']);

  await tagged
    .getByRole('listitem')
    .filter({ hasText: 'Older' })
    .getByRole('button', { name: 'Pin to #topic' })
    .click();
  await expect(titles).toHaveText(['Older', 'Newer']);
  await expect(tagged.getByRole('button', { name: 'Unpin from #topic' })).toHaveCount(1);

  await page.reload();
  await appReady(page);
  await openTag(page, 'Tag topic, 2 notes');
  await expect(titles).toHaveText(['Older', 'Newer']);
  await tagged.getByRole('button', { name: 'Unpin from #topic' }).click();
  await expect(titles).toHaveText(['Newer', 'Older']);
});
