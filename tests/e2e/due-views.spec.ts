import { expect, test } from '@playwright/test';
import { openApp } from './appReady';

// Opened straight from a link or a reload, not by switching from Today: the view's first render
// once read the Upcoming list before it existed (a ReferenceError left the section empty).
test('Today, Overdue and Upcoming each open straight from their address @desktop-only', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const [path, title, empty] of [
    ['#/tasks/upcoming', 'Upcoming', 'Nothing due in the next two weeks.'],
    ['#/tasks/today', 'Today', 'Nothing due today.'],
    ['#/tasks/overdue', 'Overdue', 'Nothing overdue.'],
  ] as const) {
    await openApp(page, path);
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(page.getByText(empty)).toBeVisible();
  }
  expect(errors).toEqual([]);
});
