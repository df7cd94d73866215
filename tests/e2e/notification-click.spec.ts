import { expect, test } from '@playwright/test';
import { appReady } from './appReady';

// A real click on a system notification cannot be made from a test, so the service worker's own
// notificationclick listener is driven with the event a click fires: the notification is shown
// through the registration (permission granted), then a NotificationEvent for it is dispatched.
test('a click on a reminder notification closes it and brings the open window to the reminder’s note', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await appReady(page);
  await page.getByRole('button', { name: 'New note' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Call the dentist');
  await title.press('Enter');
  await expect(page).toHaveURL(/#\/note\//);
  const noteRoute = new URL(page.url()).hash;

  await page.goto('/#/tasks');
  await expect(page.getByRole('navigation', { name: 'Task views' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  const left = await sw.evaluate(async (route) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    await scope.registration.showNotification('Call the dentist', {
      tag: 'reminder-test',
      data: { kind: 'cairn-notification', route, vaultId: null },
    });
    const [shown] = await scope.registration.getNotifications({ tag: 'reminder-test' });
    if (!shown) throw new Error('the notification was not shown');
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
    // the listener closes it at once
    return (await scope.registration.getNotifications({ tag: 'reminder-test' })).length;
  }, noteRoute);
  expect(left).toBe(0);

  await expect(page).toHaveURL(new RegExp(`${noteRoute}$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Call the dentist');
});

test('a new window opened at a reminder’s address (no Cairn window was open) shows its vault and item', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await appReady(page);
  await page.getByRole('button', { name: 'New note' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Water the plants');
  await title.press('Enter');
  await expect(page).toHaveURL(/#\/note\//);
  const noteRoute = new URL(page.url()).hash;
  const vaultId = await page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    return names.find((n) => n.startsWith('cairn-vault-'))?.slice('cairn-vault-'.length) ?? '';
  });
  expect(vaultId).not.toBe('');
  await page.close();

  // The address planNotificationClick opens: the scope, ?vault= and the route.
  const opened = await context.newPage();
  await opened.goto(`/?vault=${encodeURIComponent(vaultId)}${noteRoute}`);
  await appReady(opened);
  await expect(opened.getByRole('textbox', { name: 'Title' })).toHaveValue('Water the plants');
});
