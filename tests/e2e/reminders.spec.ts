import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';

async function openReminders(page: Page) {
  await page.goto('/#/reminders');
  await appReady(page);
  await expect(page.getByRole('form', { name: 'New reminder' })).toBeVisible();
}

/** The local date-time `seconds` from now, to the second, as the form's When field takes it. */
function localWhen(page: Page, seconds: number) {
  return page.evaluate((s) => {
    const d = new Date(Date.now() + s * 1000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, seconds);
}

/** The in-app notice of a due reminder. */
const dueNotice = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Due reminders' }).getByRole('alert').filter({ hasText: title });

/** Adds a reminder due `seconds` from now (local time, to the second, as the form takes it). */
async function addReminder(page: Page, title: string, seconds: number) {
  const when = await localWhen(page, seconds);
  await page.getByRole('textbox', { name: 'Remind me of' }).fill(title);
  await page.getByLabel('When').fill(when);
  await page.getByRole('button', { name: 'Add reminder' }).click();
  await expect(page.getByRole('list', { name: 'Pending reminders' }).getByText(title)).toBeVisible();
}

test('a reminder due in a few seconds shows the in-app notice; dismiss clears it for good', async ({
  page,
}) => {
  await openReminders(page);
  await addReminder(page, 'Stretch your legs', 4);
  const notices = page.getByRole('region', { name: 'Due reminders' });
  await expect(dueNotice(page, 'Stretch your legs')).toBeVisible({
    timeout: 20_000,
  });
  // The leader fired it once: the list marks it due.
  await expect(page.getByRole('list', { name: 'Pending reminders' }).getByText(/due/)).toBeVisible();

  await notices.getByRole('button', { name: 'Dismiss Stretch your legs' }).click();
  await expect(page.getByRole('region', { name: 'Due reminders' })).toHaveCount(0);
  await page.reload();
  await appReady(page);
  await expect(
    page.getByRole('list', { name: 'Pending reminders' }).getByText('No reminders.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Due reminders' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Dismissed' }).click();
  await expect(
    page.getByRole('list', { name: 'Dismissed reminders' }).getByText('Stretch your legs'),
  ).toBeVisible();
});

test('snooze moves a due reminder out of the notice; a reminder missed while closed shows on the next open', async ({
  page,
}) => {
  await openReminders(page);
  await addReminder(page, 'Water the plants', 2);
  const notices = page.getByRole('region', { name: 'Due reminders' });
  await notices
    .getByRole('button', { name: 'Snooze Water the plants for 10 minutes' })
    .click({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Due reminders' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Pending reminders' }).getByText(/snoozed 1×/)).toBeVisible();

  const dueAt = Date.now() + 3_000;
  await addReminder(page, 'Call the bank', 3);
  // Leave before it is due (the app closes), come back once it is: the reminder fires on open.
  await page.goto('about:blank');
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(dueAt + 500);
  await page.goto('/#/tasks');
  await expect(dueNotice(page, 'Call the bank')).toBeVisible({ timeout: 20_000 });
});

// Issue 5 part 7: "due reminders raise a system notification when permitted". The reminder's
// firing (the leader's scheduler, then the UI's createSystemNotifications) shows it through the
// service worker registration; the in-app notice shows as well.
test('with notifications permitted, a due reminder raises a system notification', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await openReminders(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await addReminder(page, 'Take the bins out', 3);
  const shown = () =>
    sw.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      return (await scope.registration.getNotifications()).map((n) => ({
        title: n.title,
        tag: n.tag,
        kind: (n.data as { kind?: string } | null)?.kind ?? null,
      }));
    });
  await expect.poll(shown, { timeout: 20_000 }).toContainEqual({
    title: 'Take the bins out',
    tag: expect.stringMatching(/^reminder-/),
    kind: 'cairn-notification',
  });
  await expect(dueNotice(page, 'Take the bins out')).toBeVisible();
});

// Issue 5 part 7, reminders: reminders.update from the UI (Edit changes one in place).
test('a reminder is edited in place: a new title and an earlier time, and then it fires', async ({
  page,
}) => {
  await openReminders(page);
  await addReminder(page, 'Pay rent', 3600);
  await page.getByRole('button', { name: 'Edit reminder Pay rent' }).click();
  const form = page.getByRole('form', { name: 'Edit Pay rent' });
  await expect(form.getByRole('textbox', { name: 'Remind me of' })).toHaveValue('Pay rent');
  // A refused edit says why and changes nothing.
  await form.getByRole('textbox', { name: 'Remind me of' }).fill('  ');
  await form.getByRole('button', { name: 'Save reminder' }).click();
  await expect(form.getByRole('alert')).toHaveText('Say what to remind you of.');

  const soon = await localWhen(page, 3);
  await form.getByRole('textbox', { name: 'Remind me of' }).fill('Pay the rent');
  await form.getByLabel('When').fill(soon);
  await form.getByRole('button', { name: 'Save reminder' }).click();
  await expect(page.getByRole('form', { name: /^Edit / })).toHaveCount(0);
  const pending = page.getByRole('list', { name: 'Pending reminders' });
  await expect(pending.getByText('Pay the rent')).toBeVisible();
  await expect(pending.getByText('Pay rent', { exact: true })).toHaveCount(0);
  await expect(dueNotice(page, 'Pay the rent')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('list', { name: 'Pending reminders' }).getByText('Pay the rent')).toBeVisible();
});
