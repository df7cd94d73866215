import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

// Issue 19 part 8: axe over every view, at 1280 (desktop) and 390 px (phone), light and dark: no
// serious or critical violation. Light runs every WCAG 2.1 A/AA rule; dark runs the rules a theme
// can change (colour contrast), which keeps the spec inside the CI budget.
const VIEWS = [
  '#/',
  '#/tasks/today',
  '#/tasks/projects',
  '#/tasks/project/inbox',
  '#/inbox',
  '#/journal',
  '#/canvas',
  '#/home',
  '#/calendar',
  '#/reminders',
  '#/templates',
  '#/filters',
  '#/graph',
];
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// On a phone the same views change layout, not colours: every view in light with every rule, and
// the views whose phone layout differs most in dark.
const PHONE_DARK = new Set(['#/', '#/tasks/project/inbox', '#/calendar']);

async function serious(page: Page, where: string, rules?: string[]): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const result = await (rules ? axe.withRules(rules) : axe.withTags(WCAG)).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Shows `view` and waits for its content to settle (the app's ready flag, the section's pane). */
async function show(page: Page, view: string) {
  await page.goto(`/${view}`);
  await appReady(page);
  // a section is a lazily loaded chunk: its pane is empty until the chunk has run (stop 24's
  // phone screenshot of the Journal was blank, and axe had checked an empty pane)
  await expect(page.locator('main > *').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * A picture of the view as it is now, for a person to look at: `<outputDir>/screenshots/
 * <project>-<theme>-<view>.png` (test-results/screenshots/ in CI, README "Tests"), one per view,
 * size (the project) and theme. The seconds they take are summed on the console.
 */
let shotMs = 0;
async function shot(page: Page, info: TestInfo, theme: string, view: string) {
  const started = Date.now();
  const name = view.replace(/^#\/?/, '').replace(/\//g, '-') || 'notes';
  await page.screenshot({
    path: join(info.project.outputDir, 'screenshots', `${info.project.name}-${theme}-${name}.png`),
    scale: 'css',
  });
  shotMs += Date.now() - started;
}
test.afterAll(() => {
  if (shotMs > 0) console.log(`accessibility.spec: screenshots took ${(shotMs / 1000).toFixed(1)} s`);
});

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Colour theme' }).selectOption(theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const found = await serious(page, `${theme} settings`, theme === 'dark' ? ['color-contrast'] : undefined);
  await dialog.getByRole('button', { name: 'Close' }).click();
  return found;
}

async function searchFor(page: Page, theme: string, rules?: string[]) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('combobox', { name: 'Search notes' });
  await box.fill('garden');
  await expect(page.getByRole('dialog', { name: 'Search' }).locator('mark').first()).toBeVisible();
  const found = await serious(page, `${theme} search`, rules);
  // The first Escape may only clear the search field.
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass();
  return found;
}

test('every view has no serious or critical axe violation in the light theme', async ({ page }, info) => {
  test.slow();
  await show(page, '#/');
  await newNote(
    page,
    'Garden plan',
    '# Beds\n\nThe **garden** needs [[Compost]] and #spring work.\n\n- [ ] dig',
  );
  const found = await setTheme(page, 'light');
  for (const view of VIEWS) {
    await show(page, view);
    await shot(page, info, 'light', view);
    found.push(...(await serious(page, `light ${view}`)));
  }
  found.push(...(await searchFor(page, 'light')));
  expect(found).toEqual([]);
});

test('every view keeps its contrast in the dark theme', async ({ page, isMobile }, info) => {
  test.slow();
  await show(page, '#/');
  await newNote(
    page,
    'Garden plan',
    '# Beds\n\nThe **garden** needs [[Compost]] and #spring work.\n\n- [ ] dig',
  );
  const found = await setTheme(page, 'dark');
  for (const view of VIEWS.filter((v) => !isMobile || PHONE_DARK.has(v))) {
    await show(page, view);
    await shot(page, info, 'dark', view);
    found.push(...(await serious(page, `dark ${view}`, ['color-contrast'])));
  }
  found.push(...(await searchFor(page, 'dark', ['color-contrast'])));
  expect(found).toEqual([]);
});

// Issue 19 part 8: the keyboard and reader basics a page needs besides axe's rules.
test('skip link first, the title names the view, Escape then Tab leaves the editor @desktop-only', async ({
  page,
}) => {
  await show(page, '#/');
  await expect(page).toHaveTitle('Notes – Cairn');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main.list-pane')).toBeFocused();
  await expect(page).toHaveURL(/\/(#\/?)?$/); // the route did not change

  await show(page, '#/tasks/today');
  await expect(page).toHaveTitle('Tasks – Cairn');

  await show(page, '#/');
  await newNote(page, 'Garden plan', 'dig');
  await expect(page).toHaveTitle('Garden plan – Cairn');
  const body = page.getByRole('textbox', { name: 'Note body' });
  await expect(body).toHaveAccessibleDescription('Tab indents. To leave the editor, press Escape, then Tab.');
  await body.press('End');
  await page.keyboard.press('Tab'); // indents: focus stays
  await expect(body).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(body).not.toBeFocused();
  await expect(page.locator('.editor')).toContainText('dig');
  // with a note open, the skip link's target is its body
  await page.reload();
  await appReady(page);
  await expect(body).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(body).toBeFocused();
});

test('the phone folder drawer takes focus and Escape gives it back @phone-only', async ({ page }) => {
  await show(page, '#/');
  const folders = page.getByRole('button', { name: 'Folders' });
  await folders.click();
  await expect(folders).toHaveAttribute('aria-expanded', 'true');
  const drawer = page.locator('#sidebar');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  // Tab cycles inside the drawer: it covers the page
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    await expect(drawer.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(folders).toBeFocused();
  await expect(folders).toHaveAttribute('aria-expanded', 'false');
});
