import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';

/** The next Friday after today (a Friday today counts as "next fri" a week on), as YYYY-MM-DD. */
function nextFriday(): string {
  const d = new Date();
  d.setDate(d.getDate() + ((5 - d.getDay() + 7) % 7 || 7));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

// Issue 19 part 7: the quick-add line reads dates, priority, tags, a project and repeats, shows
// what it read before adding, and a dismissed part stays words of the title. Both sizes: the
// chips wrap under the line on a phone.
test('quick-add reads what is typed, shows it, and adds the task with it', async ({ page }) => {
  await page.goto('/#/tasks/projects');
  await appReady(page);
  await page.getByRole('textbox', { name: 'New project name' }).fill('Household');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('link', { name: /Household/ }).first()).toBeVisible();

  await page.goto('/#/tasks/project/inbox');
  const line = page.getByRole('textbox', { name: 'New task in this project' });
  await line.fill('Pay rent next fri !high #home #bills +household every month');
  const read = page.getByRole('list', { name: 'Understood' });
  await expect(read.getByRole('listitem')).toHaveText([
    /^Due /,
    /Repeats every month/,
    /Priority: High/,
    /Project: Household/,
    /Tag: #home/,
    /Tag: #bills/,
  ]);
  await expectFitsWindow(page, 'the quick-add line with its chips');
  await page.screenshot({ path: test.info().outputPath('quick-add.png') });

  // Dismissed: "#bills" stays in the title.
  await read.getByRole('button', { name: 'Keep “#bills” as text' }).click();
  await expect(read.getByRole('listitem')).toHaveCount(5);
  await line.press('Enter');
  await expect(line).toHaveValue('');

  // It went to Household (from "+household"), not to the Inbox board it was typed on.
  await page.goto('/#/tasks/projects');
  await page
    .getByRole('link', { name: /Household/ })
    .first()
    .click();
  const task = page.getByRole('button', { name: 'Pay rent #bills', exact: true });
  await expect(task).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags of Pay rent #bills' })).toHaveText('#home');
  await task.click();
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('3');
  await expect(page.getByRole('textbox', { name: 'Due date', exact: true })).toHaveValue(nextFriday());

  // A line it does not understand is added as typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await line.fill('Ask May about the 2nd draft');
  await expect(page.getByRole('list', { name: 'Understood' })).toHaveCount(0);
  await line.press('Enter');
  await expect(page.getByRole('button', { name: 'Ask May about the 2nd draft', exact: true })).toBeVisible();
});
