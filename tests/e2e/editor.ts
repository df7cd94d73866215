import type { Page } from '@playwright/test';

/**
 * Replaces the note body in the CodeMirror editor the way a person does: focus, select all,
 * type. (`fill` on a contenteditable appends instead of replacing under mobile emulation.)
 */
export async function replaceBody(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Note body' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}
