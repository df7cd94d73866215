import { expect, type Locator, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';

// Issue 5 part 9: the planning UI "usable on a phone". The phone project is 390 px wide; the
// narrowest phones in use are 360 px, so every planning view is walked at 360 px here, with
// content in it: each view's main control is shown and nothing is cut off sideways.
test.use({ viewport: { width: 360, height: 740 } });

/** Types `text` into the text box named `box` and presses the button named `button`. */
async function enter(page: Page, box: string, text: string, button: string) {
  await page.getByRole('textbox', { name: box }).fill(text);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** Waits for every one of `shown`, then checks nothing is cut off sideways. */
async function fits(page: Page, where: string, ...shown: Locator[]) {
  for (const l of shown) await expect(l).toBeVisible();
  await expectFitsWindow(page, where);
}

async function go(page: Page, hash: string, shown: (page: Page) => Locator) {
  await page.goto(`/${hash}`);
  await expect(shown(page)).toBeVisible();
  await expectFitsWindow(page, `${hash} at 360 px`);
}

test('every planning view fits a 360 px phone and shows its controls', { tag: '@phone-only' }, async ({
  page,
}) => {
  await page.goto('/#/tasks/today');
  await appReady(page);
  // Content: a task with tags, an inbox item, a journal entry with a tag, a canvas with a shape.
  const title = 'Phone task with a rather long title that wraps';
  await enter(page, 'New task for today', title, 'Add');
  await fits(page, 'Today with a task', page.getByRole('button', { name: title }));
  await page.getByRole('button', { name: title }).click();
  await expect(page.getByRole('button', { name: 'Save task' })).toBeVisible();
  await expectFitsWindow(page, 'task editor');

  await go(page, '#/tasks/upcoming', (p) => p.getByRole('navigation', { name: 'Task views' }));
  await go(page, '#/tasks/overdue', (p) => p.getByRole('navigation', { name: 'Task views' }));
  await go(page, '#/tasks/projects', (p) => p.getByRole('textbox', { name: 'New project name' }));
  await go(page, '#/tasks/project/inbox', (p) =>
    p.getByRole('combobox', { name: `Move ${title} to status` }),
  );
  await go(page, '#/tasks/project/inbox/list', (p) => p.getByRole('button', { name: `Move ${title} up` }));
  await go(page, '#/tasks/stats', (p) => p.getByRole('combobox', { name: 'Project' }));

  await go(page, '#/inbox', (p) => p.getByRole('textbox', { name: 'Capture' }));
  await enter(page, 'Capture', 'Call the plumber about the kitchen sink', 'Capture');
  const more = page.getByRole('button', { name: /^More actions for Call the plumber/ });
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expectFitsWindow(page, 'inbox with an item and its More panel');
  for (const list of ['snoozed', 'archived', 'history'])
    await go(page, `#/inbox/${list}`, (p) => p.getByRole('navigation', { name: 'Inbox lists' }));

  await go(page, '#/journal', (p) => p.getByRole('textbox', { name: 'Journal entry' }));
  await enter(page, 'Journal entry', 'A phone day #mobile', 'Save entry');
  await fits(
    page,
    'journal day with an entry',
    page.getByRole('list', { name: 'Journal tags' }),
    page.getByRole('region', { name: 'That day' }),
  );
  const year = new Date().getFullYear();
  await go(page, `#/journal/year/${year}`, (p) => p.getByRole('button', { name: 'Previous year' }));

  await go(page, '#/canvas', (p) => p.getByRole('textbox', { name: 'New canvas name (Folder/Title)' }));
  await enter(page, 'New canvas name (Folder/Title)', 'Phone/Sketch', 'Add');
  await expect(page.getByRole('application', { name: 'Canvas' })).toBeVisible();
  await fits(page, 'canvas editor', page.getByRole('toolbar', { name: 'Canvas tools' }));
  // The canvas toolbar is one row (issue 19 part 6): the drawing tools, panels and zoom wait in
  // its Tools menu, which names the tool in use.
  const toolbar = page.getByRole('toolbar', { name: 'Canvas tools' });
  expect((await toolbar.boundingBox())!.height).toBeLessThan(56);
  await expect(toolbar.getByRole('button', { name: 'Ellipse', exact: true })).toBeHidden();
  await toolbar.getByRole('button', { name: 'Tools', exact: true }).click();
  await fits(page, 'canvas tool menu', toolbar.getByRole('button', { name: 'Reset view' }));
  await toolbar.getByRole('button', { name: 'Ellipse', exact: true }).click();
  await expect(toolbar.getByRole('button', { name: 'Reset view' })).toBeHidden();
  await expectFitsWindow(page, 'canvas toolbar with a tool from its menu');
  await expect(toolbar.getByRole('button', { name: 'Tools: Ellipse' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  for (const hash of ['#/home', '#/calendar', '#/calendar/month', '#/reminders', '#/templates', '#/filters'])
    await go(page, hash, (p) => p.locator('.section-pane form').first());

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Rebuild search index' })).toBeVisible();
  await expectFitsWindow(page, 'settings with the vault status');
});
