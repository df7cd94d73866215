import { expect, type Locator, type Page } from '@playwright/test';

/** The section navigation (the top bar on a desktop, the bottom bar on a phone). */
export const sectionNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Sections' });

/** Opens the More menu of the section navigation (Home, Calendar, …, Graph), if it is closed. */
export async function openMoreSections(page: Page) {
  const more = sectionNav(page).getByRole('button', { name: /^More/ });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(sectionNav(page).getByRole('group', { name: 'More sections' })).toBeVisible();
}

/** Goes to a section by its link, through More when it waits there. */
export async function goToSection(page: Page, name: string) {
  const link = sectionNav(page).getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await openMoreSections(page);
  await link.click();
}
