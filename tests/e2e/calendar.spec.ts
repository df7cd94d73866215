import { expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';
import { expectFitsWindow } from './fitsWindow';

test('add an event to today, see it in the week and the month, edit it, it persists, delete it', async ({
  page,
}) => {
  await page.goto('/#/calendar');
  await appReady(page);
  const today = await page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });
  const form = page.getByRole('form', { name: 'New event' });
  await form.getByRole('textbox', { name: 'Event' }).fill('Team lunch');
  await form.getByLabel('Starts').fill('12:00');
  await form.getByLabel('Ends').fill('13:30');
  await form.getByRole('textbox', { name: 'Place' }).fill('Canteen');
  await form.getByRole('button', { name: 'Add event' }).click();

  const todayAgenda = page.locator('.day-agenda[data-today="true"]');
  await expect(todayAgenda.getByText('Team lunch')).toBeVisible();
  await expect(todayAgenda.getByText('12:00–13:30')).toBeVisible();

  await page.getByRole('link', { name: 'Month' }).click();
  await expect(page.getByRole('button', { name: `${today}, 1 event` })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Team lunch' }).click();
  const edit = page.getByRole('form', { name: 'Edit event' });
  await edit.getByRole('textbox', { name: 'Event' }).fill('Team lunch (moved)');
  await edit.getByLabel('Starts').fill('12:30');
  await edit.getByLabel('Ends').fill('14:00');
  await edit.getByRole('button', { name: 'Save event' }).click();
  await expect(page.getByText('12:30–14:00')).toBeVisible();

  await page.reload();
  await appReady(page);
  await expect(page.getByText('Team lunch (moved)')).toBeVisible();
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'Delete Team lunch (moved)' }).click();
  await expect(page.getByText('Team lunch (moved)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `${today}, 0 events` })).toBeVisible();

  // Weeks start on the calendar's weekStartsOn setting, at once.
  const firstColumn = page.locator('table.month-grid').getByRole('columnheader').first();
  await expect(firstColumn).toHaveText('Mon');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings
    .getByRole('region', { name: 'Calendar', exact: true })
    .getByRole('combobox', { name: 'First day of a week' })
    .selectOption('sunday');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(firstColumn).toHaveText('Sun');
});

test('an all-day event and a refused one: the form says why', async ({ page }) => {
  await page.goto('/#/calendar/week');
  await appReady(page);
  const form = page.getByRole('form', { name: 'New event' });
  // No problem yet: no alert box at all (an empty one once showed beside Add event).
  const alert = form.locator('[role="alert"]');
  await expect(alert).toBeHidden();
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(form.getByRole('alert')).toHaveText('Give the event a title.');
  await form.getByRole('textbox', { name: 'Event' }).fill('Holiday');
  await form.getByRole('checkbox', { name: 'All day' }).check();
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(page.locator('.day-agenda[data-today="true"]').getByText('All day')).toBeVisible();
  await expect(alert).toBeHidden();
  // The journal's "That day" panel lists the day's events.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('list', { name: 'Events that day' }).getByText('Holiday')).toBeVisible();
});

test('a note with a due date shows on its day, can be hidden by its property, and opens', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  const today = await page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });
  await newNote(page, 'Quarterly report', `---\ndue: ${today}\n---\nFigures.`);
  await page.goto('/#/calendar/week');
  const chip = page.getByRole('list', { name: `Notes dated ${today}` }).getByRole('link', {
    name: 'Quarterly report · due',
  });
  await expect(chip).toBeVisible();
  await page.getByText('Note dates').click();
  const due = page.getByRole('checkbox', { name: 'due' });
  await expectFitsWindow(page, 'calendar week: Note dates open');
  await due.uncheck();
  await expect(chip).toHaveCount(0);
  await due.check();
  await chip.click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Quarterly report');
});
