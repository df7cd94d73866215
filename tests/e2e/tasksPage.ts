import { expect, type Page } from '@playwright/test';
import { appReady } from './appReady';

/**
 * On Today (`#/tasks/today`, already open): adds a task for today, gives it `tags` (as the task
 * editor's comma-separated field takes them), saves and goes back, and waits for its tag chips.
 */
export async function addTaggedTaskForToday(page: Page, title: string, tags: string, chips: string) {
  await page.getByRole('textbox', { name: 'New task for today' }).fill(title);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: title }).click();
  await page.getByRole('textbox', { name: 'Tags (comma separated)' }).fill(tags);
  await page.getByRole('button', { name: 'Save task' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('list', { name: `Tags of ${title}` })).toHaveText(chips);
}

/** Opens a fresh app at `hash` (a project's board or list) and adds tasks by title there. */
export async function openProjectWith(page: Page, hash: string, titles: readonly string[]) {
  await page.goto(`/${hash}`);
  await appReady(page);
  for (const title of titles) {
    await page.getByRole('textbox', { name: 'New task in this project' }).fill(title);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
  }
}
