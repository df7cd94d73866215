import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

// Desktop only: the note menu is the same on a phone.
test('keep a note on this device only: the toggle, the list marker, and back', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await openApp(page);
  await newNote(page, 'Diary', 'private words');
  await page.getByRole('button', { name: 'Note actions' }).click();
  const toggle = page.getByRole('button', { name: 'Keep on this device only' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const row = page.getByRole('button', { name: 'Diary', exact: true });
  await expect(row).toContainText('this device only');
  await page.reload();
  await page.getByRole('button', { name: 'Note actions' }).click();
  await expect(page.getByRole('button', { name: 'Keep on this device only' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Keep on this device only' }).click();
  await expect(page.getByRole('button', { name: 'Keep on this device only' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByRole('button', { name: 'Diary', exact: true })).not.toContainText(
    'this device only',
  );
});
