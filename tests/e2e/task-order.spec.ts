import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';
import { openProjectWith } from './tasksPage';

// Issue 5 part 1 "reorder": a project's list is in the user's own order (tasks.reorder).
test('a project’s list: move a task up and down; the order holds over a reload and on the board', async ({
  page,
}) => {
  await openProjectWith(page, '#/tasks/project/inbox/list', ['Alpha', 'Bravo', 'Charlie']);
  const list = page.getByRole('list', { name: 'Tasks' });
  const order = list.locator('.task-title');
  await expect(order).toHaveText(['Alpha', 'Bravo', 'Charlie']);
  await expect(page.getByRole('button', { name: 'Move Alpha up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Charlie down' })).toBeDisabled();
  await expectFitsWindow(page, 'a project list with move buttons');

  await page.getByRole('button', { name: 'Move Charlie up' }).click();
  await expect(order).toHaveText(['Alpha', 'Charlie', 'Bravo']);
  await page.getByRole('button', { name: 'Move Charlie up' }).click();
  await expect(order).toHaveText(['Charlie', 'Alpha', 'Bravo']);
  await page.getByRole('button', { name: 'Move Alpha down' }).click();
  await expect(order).toHaveText(['Charlie', 'Bravo', 'Alpha']);

  await page.reload();
  await appReady(page);
  await expect(page.getByRole('list', { name: 'Tasks' }).locator('.task-title')).toHaveText([
    'Charlie',
    'Bravo',
    'Alpha',
  ]);
  // The board's column lists the same order.
  await page.getByRole('button', { name: 'Board' }).click();
  await expect(page.locator('.board-column').first().locator('.task-title')).toHaveText([
    'Charlie',
    'Bravo',
    'Alpha',
  ]);
});
