import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';

async function open(page: Page, hash: string) {
  await page.goto(`/${hash}`);
  await appReady(page);
}

const localToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });

// The three flows are the same on a phone; the width check below is the phone's claim.
const DESKTOP = { tag: '@desktop-only' };

test(
  'a template applied to a new note fills its variables; the note is bookmarked and opened from Home',
  DESKTOP,
  async ({ page }) => {
    await open(page, '#/templates');
    const today = await localToday(page);
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByRole('textbox', { name: 'Template name' }).fill('Meeting');
    await form.getByRole('textbox', { name: 'Note title' }).fill('Meeting {{date}}');
    await form.getByRole('textbox', { name: 'Template text' }).fill('Notes for {{title}} on {{weekday}}');
    await form.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('button', { name: 'New note from Meeting' }).click();

    await expect(page).toHaveURL(/#\/note\//);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`Meeting ${today}`);
    await expect(page.getByRole('textbox', { name: 'Note body' })).toContainText(
      `Notes for Meeting ${today} on `,
    );
    await expect(page.getByRole('textbox', { name: 'Note body' })).not.toContainText('{{');
    const noteUrl = page.url();

    await open(page, '#/home');
    const add = page.getByRole('form', { name: 'Add bookmark' });
    await add.getByRole('textbox', { name: 'Note title' }).fill('No such note');
    await add.getByRole('button', { name: 'Add bookmark' }).click();
    await expect(add.getByRole('alert')).toHaveText('No note titled “No such note”.');
    await add.getByRole('textbox', { name: 'Note title' }).fill(`Meeting ${today}`);
    await add.getByRole('button', { name: 'Add bookmark' }).click();
    const bookmarks = page.getByRole('list', { name: 'Bookmarks' });
    await expect(bookmarks.getByRole('link', { name: `Meeting ${today}` })).toBeVisible();

    await page.reload();
    await appReady(page);
    await page
      .getByRole('list', { name: 'Bookmarks' })
      .getByRole('link', { name: `Meeting ${today}` })
      .click();
    await expect(page).toHaveURL(noteUrl);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`Meeting ${today}`);
  },
);

test(
  'a saved filter applied to tasks shows only the matching ones, and follows new tasks',
  DESKTOP,
  async ({ page }) => {
    await open(page, '#/tasks/project/inbox');
    for (const title of ['Pay the gas bill', 'Walk the dog', 'Pay the water bill']) {
      await page.getByRole('textbox', { name: 'New task in this project' }).fill(title);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('button', { name: title })).toBeVisible();
    }

    await open(page, '#/filters');
    const form = page.getByRole('form', { name: 'New saved filter' });
    await form.getByRole('textbox', { name: 'Filter name' }).fill('Bills');
    await form.getByRole('textbox', { name: 'Title contains' }).fill('bill');
    await form.getByRole('button', { name: 'Save filter' }).click();

    const matches = page.getByRole('list', { name: 'Matches' });
    await expect(matches.getByRole('link')).toHaveCount(2);
    await expect(matches.getByRole('link', { name: 'Pay the gas bill' })).toBeVisible();
    await expect(matches.getByRole('link', { name: 'Walk the dog' })).toHaveCount(0);

    await page.reload();
    await appReady(page);
    await page.getByRole('list', { name: 'Saved filters' }).getByRole('link', { name: 'Bills' }).click();
    await expect(page.getByRole('list', { name: 'Matches' }).getByRole('link')).toHaveCount(2);
    await page
      .getByRole('list', { name: 'Matches' })
      .getByRole('link', { name: 'Pay the water bill' })
      .click();
    await expect(page).toHaveURL(/#\/tasks\/task\//);
  },
);

test('home pages: pin a saved filter as the default and open it', DESKTOP, async ({ page }) => {
  await open(page, '#/filters');
  const form = page.getByRole('form', { name: 'New saved filter' });
  await form.getByRole('textbox', { name: 'Filter name' }).fill('Urgent');
  await form.getByRole('combobox', { name: 'Priority at least' }).selectOption('4');
  await form.getByRole('button', { name: 'Save filter' }).click();
  await expect(
    page.getByRole('list', { name: 'Saved filters' }).getByRole('link', { name: 'Urgent' }),
  ).toBeVisible();

  await open(page, '#/home');
  const add = page.getByRole('form', { name: 'Add home page' });
  await add.getByRole('combobox', { name: 'Opens' }).selectOption({ label: 'Filter: Urgent' });
  await add.getByRole('checkbox', { name: 'Default' }).check();
  await add.getByRole('button', { name: 'Add home page' }).click();
  await add.getByRole('combobox', { name: 'Opens' }).selectOption({ label: 'Inbox' });
  await add.getByRole('button', { name: 'Add home page' }).click();
  const pages = page.getByRole('list', { name: 'Home pages' });
  await expect(pages.getByRole('link', { name: 'Filter: Urgent (default)' })).toBeVisible();
  await pages.getByRole('button', { name: 'Make Inbox the default' }).click();
  await expect(pages.getByRole('link', { name: 'Inbox (default)' })).toBeVisible();
  await expect(pages.getByRole('link', { name: 'Filter: Urgent', exact: true })).toBeVisible();
  await pages.getByRole('link', { name: 'Filter: Urgent', exact: true }).click();
  await expect(page).toHaveURL(/#\/filters\//);
  await expect(page.getByRole('list', { name: 'Matches' })).toBeVisible();
});

test('the records sections fit a phone: nothing is wider than the window', { tag: '@phone-only' }, async ({
  page,
}) => {
  for (const hash of [
    '#/home',
    '#/calendar',
    '#/calendar/month',
    '#/reminders',
    '#/templates',
    '#/filters',
  ]) {
    await open(page, hash);
    await expect(page.locator('.section-pane form').first()).toBeVisible();
    const overflow = await page.evaluate(() => {
      const pane = document.querySelector('.section-pane') as HTMLElement;
      return {
        scroll: pane.scrollWidth,
        client: pane.clientWidth,
        page: document.documentElement.scrollWidth,
        window: innerWidth,
      };
    });
    expect(overflow.scroll, hash).toBeLessThanOrEqual(overflow.client);
    expect(overflow.page, hash).toBeLessThanOrEqual(overflow.window);
  }
});
