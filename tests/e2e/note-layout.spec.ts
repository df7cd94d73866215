import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';

/** A vault folder on disk: three notes in Projects. */
function makeVault(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'cairn-layout-')), 'Vault');
  mkdirSync(join(root, 'Projects'), { recursive: true });
  for (const title of ['Alpha', 'Beta', 'Gamma'])
    writeFileSync(join(root, 'Projects', `${title}.md`), `${title} body.\n`);
  return root;
}

/** The note list's titles, top to bottom. */
const listed = (page: Page) =>
  page
    .getByRole('list', { name: 'Notes' })
    .locator('button.row .title')
    .evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));

test.skip(({ isMobile }) => isMobile, 'the list and calendar controls are the same on a phone');

test('manual note order: drag and Alt+Arrow, kept over a reload', async ({ page }) => {
  const vault = makeVault();
  try {
    await page.goto('/');
    await appReady(page);
    await page.getByLabel('Import a folder').setInputFiles(vault);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes' })).toBeVisible();
    await page.getByRole('button', { name: 'Folder Projects' }).click();
    await expect(page.getByText('3 notes', { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Sort notes' }).selectOption('manual');
    await expect.poll(() => listed(page)).toHaveLength(3);
    const start = await listed(page);

    // Drag the last row to the top by its handle.
    const handle = page.getByTestId('drag-handle').nth(2);
    const box = await handle.boundingBox();
    if (!box) throw new Error('no drag handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y - 60, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, box.y - 115, { steps: 4 });
    await page.mouse.up();
    const dragged = [start[2], start[0], start[1]];
    await expect.poll(() => listed(page)).toEqual(dragged);

    // Alt+ArrowDown moves the focused note one row down and keeps the focus on it.
    await page.getByRole('button', { name: dragged[0] ?? '' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    const moved = [dragged[1], dragged[0], dragged[2]];
    await expect.poll(() => listed(page)).toEqual(moved);
    await expect(page.getByRole('button', { name: dragged[0] ?? '' })).toBeFocused();

    await page.reload();
    await appReady(page);
    await page.getByRole('button', { name: 'Folder Projects' }).click();
    await expect(page.getByRole('combobox', { name: 'Sort notes' })).toHaveValue('manual');
    await expect.poll(() => listed(page)).toEqual(moved);
  } finally {
    rmSync(vault, { recursive: true, force: true });
  }
});

test('folder settings: New note in the folder starts from its template', async ({ page }) => {
  const vault = makeVault();
  try {
    await page.goto('/#/templates');
    await appReady(page);
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByLabel('Template name').fill('Meeting');
    await form.getByLabel('Note title').fill('Meeting {{date}}');
    await form.getByLabel('Template text').fill('Agenda for {{title}}');
    await form.getByRole('button', { name: 'Create template' }).click();
    await expect(page.getByRole('button', { name: 'Edit template Meeting' })).toBeVisible();

    await page.goto('/#/');
    await page.getByLabel('Import a folder').setInputFiles(vault);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes' })).toBeVisible();
    await page.getByRole('button', { name: 'Folder Projects' }).click();
    await page.getByRole('button', { name: 'Folder settings' }).click();
    const template = page.getByRole('combobox', { name: 'Template for new notes' });
    await template.selectOption({ label: 'Meeting' });
    await expect(template).toHaveValue(/.+/);
    // A template made in another tab is listed here at once; the folder's choice stays shown.
    const other = await page.context().newPage();
    await other.goto('/#/templates');
    await appReady(other);
    await other.getByRole('form', { name: 'New template' }).getByLabel('Template name').fill('Standup');
    await other.getByRole('button', { name: 'Create template' }).click();
    await expect(template.getByRole('option', { name: 'Standup' })).toBeAttached();
    await expect(template.locator('option:checked')).toHaveText('Meeting');
    await other.close();

    await page.getByRole('button', { name: 'New note' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(/^Meeting \d{4}-\d\d-\d\d$/);
    await expect(page.getByRole('textbox', { name: 'Note body' })).toHaveText(
      /^Agenda for Meeting \d{4}-\d\d-\d\d$/,
    );
    await expect(page.getByText('4 notes', { exact: true })).toBeVisible();
  } finally {
    rmSync(vault, { recursive: true, force: true });
  }
});
