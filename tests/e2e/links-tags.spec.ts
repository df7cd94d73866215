import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

/** On a phone the sidebar (folders, tags) is a drawer behind the "Folders" button. */
async function showSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Folders', expanded: false });
  if (await toggle.isVisible()) await toggle.click();
}

test('the tag view lists nested tags with counts, opens their notes, and renames a tag in every note', async ({
  page,
}) => {
  page.on('dialog', (d) => d.accept('area/job'));
  await openApp(page);
  await newNote(page, 'Standup', 'Daily #area/work notes');
  await newNote(page, 'Budget', '---\ntags: [area/work, money]\n---\nNumbers');

  await showSidebar(page);
  await page.getByText('Tags', { exact: true }).click();
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('button')).toHaveText(['#area 2', '#work 2', '#money 1']);

  await tags.getByRole('button', { name: 'Tag area/work, 2 notes' }).click();
  const tagged = page.getByRole('region', { name: 'Notes tagged area/work' });
  await expect(tagged.getByRole('listitem')).toHaveCount(2);

  // Renaming rewrites both notes (inline tag and frontmatter list); the view follows.
  await tagged.getByRole('button', { name: 'Rename tag' }).click();
  await expect(tags.getByRole('button')).toHaveText(['#area 2', '#job 2', '#money 1']);
  await page
    .getByRole('region', { name: 'Notes tagged area/job' })
    .getByRole('button', { name: 'Standup' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Note body' })).toHaveText('Daily #area/job notes');
});
