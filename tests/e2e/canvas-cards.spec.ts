import { expect, type Page, test } from '@playwright/test';
import { replaceBody } from './editor';

async function ready(page: Page) {
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 15_000 });
}

test('cards for a note and a task: picked by title, shown with the title, survive a reload, open on Enter and double-click', async ({
  page,
}) => {
  // A note and a task to put on the canvas.
  await page.goto('/');
  await ready(page);
  await page.getByRole('button', { name: 'New note' }).click();
  const titleBox = page.getByRole('textbox', { name: 'Title' });
  await titleBox.fill('Garden plan');
  await titleBox.press('Enter');
  await replaceBody(page, 'Beds and seeds');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.goto('/#/tasks/project/inbox');
  await page.getByRole('textbox', { name: 'New task in this project' }).fill('Order garden soil');
  await page.getByRole('textbox', { name: 'New task in this project' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Order garden soil' }).first()).toBeVisible();

  await page.goto('/#/canvas');
  await page.getByRole('textbox', { name: 'New canvas name (Folder/Title)' }).fill('Garden board');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Garden board' })).toBeVisible();

  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByRole('searchbox', { name: 'Find a note, task or project' }).fill('garden');
  await page.getByRole('button', { name: 'Add card for note Garden plan' }).click();
  await expect(page.getByRole('button', { name: 'Card for note Garden plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByRole('searchbox', { name: 'Find a note, task or project' }).fill('soil');
  await page.getByRole('button', { name: 'Add card for task Order garden soil' }).click();
  const taskCard = page.getByRole('button', { name: 'Card for task Order garden soil' });
  await expect(taskCard).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.reload();
  await ready(page);
  const noteCard = page.getByRole('button', { name: 'Card for note Garden plan' });
  await expect(noteCard).toBeVisible();
  await expect(noteCard.locator('text.scene-card-title')).toHaveText('Garden plan');
  await expect(page.getByRole('button', { name: 'Card for task Order garden soil' })).toBeVisible();

  // Enter on the focused card opens the note.
  await noteCard.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Garden plan');

  // Double-click opens the task.
  await page.goBack();
  await ready(page);
  await page.getByRole('button', { name: 'Card for task Order garden soil' }).dblclick();
  await expect(page).toHaveURL(/#\/tasks\/task\//);
});
