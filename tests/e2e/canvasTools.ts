import type { Page } from '@playwright/test';

/** Presses the canvas toolbar button named `name`; on a phone it is in the Tools menu, opened first. */
export async function canvasTool(page: Page, name: string, how: 'click' | 'tap' = 'click') {
  const menu = page.getByRole('toolbar', { name: 'Canvas tools' }).getByRole('button', { name: /^Tools/ });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu[how]();
  await page.getByRole('button', { name, exact: true })[how]();
}
