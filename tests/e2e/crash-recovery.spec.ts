import { expect, test } from '@playwright/test';
import { appReady, openApp } from './appReady';
import { newNote } from './editor';

// Issue 18 part 3 (first piece): the renderer killed (CDP Page.crash) right after typing. Every
// edit the editor acknowledged ('Saved': the vault worker stored it) is there when the vault is
// opened again in a new tab of the same profile, and nothing else is (no half-applied text).

test('a tab crashed right after typing loses no acknowledged edit @desktop-only', async ({ context }) => {
  const page = await context.newPage();
  await openApp(page);
  await newNote(page, 'Crash survivor', 'first line');
  const body = page.getByRole('textbox', { name: 'Note body' });
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' and more typed just before the crash');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  const address = new URL(page.url());
  const crashed = page.waitForEvent('crash');
  const cdp = await context.newCDPSession(page);
  void cdp.send('Page.crash').catch(() => {}); // never answered: the renderer is gone
  await crashed;
  await page.close();

  const reopened = await context.newPage();
  await openApp(reopened, `${address.search}${address.hash}`); // the same note's address
  await expect(reopened.getByRole('textbox', { name: 'Note body' })).toHaveText(
    'first line and more typed just before the crash',
  );
  await appReady(reopened);
});
