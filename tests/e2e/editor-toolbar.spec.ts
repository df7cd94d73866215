import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { replaceBody, showSource } from './editor';

test('the editor toolbar bookmarks the open note and applies a template to it, from the keyboard', async ({
  page,
}) => {
  await page.goto('/#/templates');
  await appReady(page);
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByRole('textbox', { name: 'Template name' }).fill('Checklist');
  await form.getByRole('textbox', { name: 'Template text' }).fill('- [ ] Review {{title}}');
  await form.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByRole('button', { name: 'New note from Checklist' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'New note' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Weekly');
  await title.press('Enter');
  await replaceBody(page, 'Start here');
  const body = page.getByRole('textbox', { name: 'Note body' });
  await expect(body).toHaveText('Start here');

  // Bookmark: a toggle that shows its state, and the bookmark is listed on Home.
  const bookmark = page.getByRole('button', { name: 'Bookmark', exact: true });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await bookmark.focus();
  await page.keyboard.press('Enter');
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  // Template (in the note's actions): the button opens the choice (focused), Tab reaches Apply;
  // the text lands at the end.
  await page.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('button', { name: 'Template' }).focus();
  await page.keyboard.press('Enter');
  const choice = page.getByRole('combobox', { name: 'Template to apply' });
  await expect(choice).toBeFocused();
  await expect(choice).toHaveValue(/.+/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  // The note's actions menu stays open over the view buttons until closed.
  await page.getByRole('button', { name: 'Note actions' }).click();
  await showSource(page);
  await expect(body).toContainText('Start here');
  await expect(body).toContainText('- [ ] Review Weekly');
  await expect(choice).toHaveCount(0);

  await page.goto('/#/home');
  await expect(
    page.getByRole('list', { name: 'Bookmarks' }).getByRole('link', { name: 'Weekly' }),
  ).toBeVisible();
  await page.getByRole('list', { name: 'Bookmarks' }).getByRole('link', { name: 'Weekly' }).click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await expect(body).toContainText('- [ ] Review Weekly');
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/#/home');
  await expect(page.getByRole('list', { name: 'Bookmarks' })).toHaveText('No bookmarks yet.');
});
