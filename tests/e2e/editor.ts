import { expect, type Page } from '@playwright/test';

/**
 * Replaces the note body in the CodeMirror editor the way a person does: focus, select all,
 * type. (`fill` on a contenteditable appends instead of replacing under mobile emulation.)
 */
export async function replaceBody(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Note body' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/**
 * Creates a note through the UI (New note, its title, then its body when given) and waits until
 * it is saved. It waits for the NEW note's editor first: until the worker has made the note the
 * editor of the note open before stays on screen (desktop), and a title typed into it would
 * rename that note instead.
 */
export async function newNote(page: Page, title: string, body?: string) {
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
  const before = page.url();
  await page.getByRole('button', { name: 'New note' }).click();
  await expect(page).not.toHaveURL(before);
  const titleBox = page.getByRole('textbox', { name: 'Title' });
  await expect(titleBox).toHaveValue(/^Untitled/);
  await titleBox.fill(title);
  await titleBox.press('Enter');
  if (body !== undefined) await replaceBody(page, body);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

/**
 * Shows the open note as source (Live Preview folds the frontmatter into the Properties panel
 * and hides markdown syntax): for checks on the stored markdown itself. Remembered per device.
 */
export async function showSource(page: Page) {
  await page.getByRole('group', { name: 'Editor view' }).getByRole('button', { name: 'Source' }).click();
}
