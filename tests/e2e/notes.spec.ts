import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote, replaceBody } from './editor';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

/** On a phone the folder tree is a drawer behind the "Folders" button. */
async function showFolders(page: Page) {
  const toggle = page.getByRole('button', { name: 'Folders' });
  if (await toggle.isVisible()) await toggle.click();
}

async function closeFolders(page: Page) {
  const toggle = page.getByRole('button', { name: 'Folders', expanded: true });
  if (await toggle.isVisible()) await toggle.click();
}

test('create, rename, edit, list and delete notes in folders; everything persists', async ({ page }) => {
  page.on('dialog', (d) => d.accept());
  await openApp(page);
  await showFolders(page);
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('textbox', { name: 'Folder path' }).fill('Projects/Cairn');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('heading', { name: 'Projects/Cairn' })).toBeVisible();

  await newNote(page, 'Plan', 'First **draft**');
  await page.getByRole('textbox', { name: 'Title' }).fill('Plan v2');
  await page.getByRole('textbox', { name: 'Title' }).press('Enter');
  await replaceBody(page, 'Second draft with more words');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Note body' })).toHaveText('Second draft with more words');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Plan v2');
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
  await expect(page.getByRole('button', { name: 'Plan v2' })).toBeVisible();

  // A folder path with ".." is refused with a clear message and nothing changes.
  await showFolders(page);
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('textbox', { name: 'Folder path' }).fill('a/../b');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('alert')).toContainText('cannot be ".."');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: /^Folder / })).toHaveCount(2);

  // Renaming the folder moves the note with it.
  await page.getByRole('button', { name: 'Folder Projects', exact: true }).click();
  await showFolders(page);
  await page.getByRole('button', { name: 'Rename folder' }).click();
  await page.getByRole('textbox', { name: 'New path' }).fill('Work');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await showFolders(page);
  await expect(page.getByRole('button', { name: 'Folder Work/Cairn' })).toBeVisible();
  await page.getByRole('button', { name: 'Folder Work/Cairn' }).click();
  await closeFolders(page);
  await expect(page.getByRole('button', { name: 'Plan v2' })).toBeVisible();

  await page.getByRole('button', { name: 'Plan v2' }).click();
  await page.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByRole('button', { name: 'Plan v2' })).toHaveCount(0);
  // The list updates from the change feed before the delete call returns and closes the editor:
  // wait for the editor to close (the URL loses the note) before reloading.
  await expect(page.getByRole('region', { name: 'Editor' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('0 notes')).toBeVisible();
});

// Desktop only: the change feed and the Web Locks leader have no layout.
test('two tabs: a note created in one appears in the other; closing the leader hands leadership over', {
  tag: '@desktop-only',
}, async ({ context }) => {
  const a = await context.newPage();
  await openApp(a);
  await expect(a.locator('.app[data-leader="true"]')).toBeVisible();
  const b = await context.newPage();
  await openApp(b);
  await expect(b.locator('.app[data-leader="false"]')).toBeVisible();

  await newNote(a, 'From tab A', 'hello from A');
  await expect(b.getByRole('button', { name: 'From tab A' })).toBeVisible();
  await expect(b.getByText('1 note', { exact: true })).toBeVisible();

  await a.close();
  await expect(b.locator('.app[data-leader="true"]')).toBeVisible();
});

// Desktop only (session 9, CI time): the merge of two tabs' typing is the notes' Yjs documents
// over the change feed, with no layout; the phone's editor is covered by the other tests here.
test('two tabs typing in one note merge character by character', { tag: '@desktop-only' }, async ({
  context,
}) => {
  const a = await context.newPage();
  await openApp(a);
  await newNote(a, 'Together', 'middle');
  const url = a.url();
  const b = await context.newPage();
  await b.goto(url);
  const bodyA = a.getByRole('textbox', { name: 'Note body' });
  const bodyB = b.getByRole('textbox', { name: 'Note body' });
  await expect(bodyB).toHaveText('middle');
  // Both type at the same time, at opposite ends.
  await bodyA.click();
  await a.keyboard.press('Control+Home');
  await bodyB.click();
  await b.keyboard.press('Control+End');
  await Promise.all([a.keyboard.type('start-', { delay: 15 }), b.keyboard.type('-end', { delay: 15 })]);
  await expect(bodyA).toHaveText('start-middle-end');
  await expect(bodyB).toHaveText('start-middle-end');
  await b.reload();
  await expect(b.getByRole('textbox', { name: 'Note body' })).toHaveText('start-middle-end');
});

test('versions: a restore brings an earlier text back and keeps the replaced one in history', async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'History', 'the first text');
  await replaceBody(page, 'a rewrite');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Note history' });
  await expect(dialog.getByRole('button', { name: /While editing/ })).toHaveCount(1);
  await dialog.getByRole('button', { name: /While editing/ }).click();
  await expect(dialog.getByRole('region', { name: 'Version preview' })).toContainText('the first text');
  const changes = dialog.getByRole('region', { name: 'Changes since this version' });
  await expect(changes).toContainText('1 line added, 1 line removed');
  await expect(changes.locator('del')).toHaveText('Removed: the first text');
  await expect(changes.locator('ins')).toHaveText('Added: a rewrite');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(dialog.getByRole('status')).toContainText('Restored');
  await expect(dialog.getByRole('button', { name: /Before a restore/ })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('textbox', { name: 'Note body' })).toHaveText('the first text');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Note body' })).toHaveText('the first text');
});

test('nothing widens the page beyond the window (a 390 px phone included)', async ({ page }) => {
  await openApp(page);
  await newNote(page, 'A rather long title that must not push the layout wider than the phone screen', 'x');
  const noteHash = await page.evaluate(() => location.hash);
  for (const hash of [noteHash, '#/']) {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForTimeout(100);
    const [scroll, width] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scroll, hash).toBeLessThanOrEqual(width!);
  }
});

// Lost edits: the title box was bound to the note's header, read again on every other tab's write
// to the note; what was being typed went back to the stored title (docs/foundation.md, "Live forms").
test('a title being typed survives another tab renaming the note; the typed one is saved last and wins @desktop-only', async ({
  context,
}) => {
  const a = await context.newPage();
  await openApp(a);
  await newNote(a, 'Plan', 'a body');
  const b = await context.newPage();
  await b.goto(a.url());
  await appReady(b);
  const titleA = a.getByRole('textbox', { name: 'Title' });
  const titleB = b.getByRole('textbox', { name: 'Title' });
  await expect(titleB).toHaveValue('Plan');

  await titleA.fill('Plan for spring');
  await titleB.fill('Plan (B)');
  await titleB.press('Enter');
  // A's note list shows B's name: the change has reached A, and A's header was read again.
  await expect(a.getByRole('button', { name: 'Plan (B)' })).toBeVisible();
  await expect(titleA).toHaveValue('Plan for spring');
  await expect(titleA).toBeFocused();

  await titleA.press('Enter');
  await expect(a.getByRole('button', { name: 'Plan for spring' })).toBeVisible();
  // B's box, saved and untouched since, follows the stored title again.
  await expect(titleB).toHaveValue('Plan for spring');
  await a.reload();
  await expect(a.getByRole('textbox', { name: 'Title' })).toHaveValue('Plan for spring');
});

// Issue 19 part 5: a profile that has never had a welcome note (the suite's contexts all have).
test.describe('first open', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a fresh vault opens on its welcome note; deleted, it never comes back', async ({ page }) => {
    page.on('dialog', (d) => void d.accept());
    await openApp(page);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Welcome to Cairn');
    await expect(page).toHaveTitle('Welcome to Cairn – Cairn');
    // it shows the writing surface: a callout, a task box, links and an embedded section
    const editor = page.locator('.cm-editor.cm-lp-live');
    await expect(editor.locator('.cm-lp-callout-title')).toContainText('Try it');
    await expect(editor.getByRole('checkbox', { name: 'Not done: mark as done' })).toBeVisible();
    await expect(editor.getByText('My first note')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('welcome.png') });
    // the embed is below the fold on a phone: CodeMirror draws only what is near the view
    await page.getByRole('textbox', { name: 'Note body' }).evaluate((el) => {
      for (let e: Element | null = el; e; e = e.parentElement) e.scrollTop = e.scrollHeight;
    });
    await expect(editor.locator('.cm-lp-transclusion')).toContainText('Escape then Tab leaves the editor');
    await page.getByRole('button', { name: 'Delete note' }).click();
    await expect(page.getByRole('region', { name: 'Editor' })).toHaveCount(0);
    await page.reload();
    await appReady(page);
    await expect(page.getByText('0 notes')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  });
});
