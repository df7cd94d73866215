import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';

const FIXTURES = join(import.meta.dirname, '../fixtures/extraction');

async function ready(page: Page) {
  await page.goto('/');
  await appReady(page);
}

/** On a phone the folder panel is a drawer opened by the Folders button; on a desktop it is always shown. */
async function setFolders(page: Page, open: boolean) {
  const toggle = page.getByRole('button', { name: 'Folders' });
  if (!(await toggle.isVisible())) return;
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', String(open));
}

async function backToList(page: Page) {
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
}

/**
 * Searches until `word` finds the file `title` (its text is read in the background: OCR can
 * take many seconds on a loaded machine), then checks the match is highlighted in the snippet.
 */
async function expectFoundByText(page: Page, word: string, title: string, timeout: number) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('combobox', { name: 'Search notes' });
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  await expect(async () => {
    await box.fill('');
    await box.fill(word);
    await expect(results.getByRole('option', { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout, intervals: [500, 1_000, 2_000] });
  await expect(results.getByRole('option', { name: title }).locator('mark').first()).toHaveText(
    new RegExp(word, 'i'),
  );
  // The first Escape may only clear the search field.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass();
}

test('a PDF and an image imported with a note become searchable by their text; the PDF opens page by page', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Every file the readers need comes from our own origin (no CDN): record every request made.
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  const dir = mkdtempSync(join(tmpdir(), 'cairn-extract-'));
  const root = join(dir, 'Field notes');
  mkdirSync(root);
  copyFileSync(join(FIXTURES, 'sample.pdf'), join(root, 'sample.pdf'));
  copyFileSync(join(FIXTURES, 'sign.png'), join(root, 'sign.png'));
  writeFileSync(join(root, 'Trip.md'), '# Trip\n\nSee the report.\n\n![[sample.pdf]]\n');
  try {
    await ready(page);
    // A returning visit: the page and its workers start under the service worker's control.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await ready(page);
    await setFolders(page, true);
    await page.getByLabel('Import a folder').setInputFiles(root);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 1 notes and 2 files.' })).toBeVisible();
    await setFolders(page, false);
    // "zeppelin" is only on page 2 of the PDF; "marmalade" only in the picture.
    await expectFoundByText(page, 'zeppelin', 'sample.pdf', 60_000);
    await expectFoundByText(page, 'marmalade', 'sign.png', 150_000);
    const origin = new URL(baseURL ?? '').origin;
    const syncOrigin = `http://127.0.0.1:${process.env.E2E_SYNC_PORT ?? 8787}`;
    expect(
      requested.filter((u) => u.startsWith('http') && !u.startsWith(origin) && !u.startsWith(syncOrigin)),
    ).toEqual([]);
    expect(requested.some((u) => /\/ocr\/[0-9a-f]+\/eng\.traineddata\.gz$/.test(u))).toBe(true);
    expect(requested.some((u) => /pdf\.worker\.min-[\w-]+\.mjs$/.test(u))).toBe(true);
    // The service worker kept the OCR files it served (cache-first: OCR works offline from now on).
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('cairn-ocr')).keys()).map((r) =>
            new URL(r.url).pathname.split('/').pop(),
          ),
        ),
      )
      .toEqual(expect.arrayContaining(['worker.min.js', 'eng.traineddata.gz']));

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('combobox', { name: 'Search notes' }).fill('zeppelin');
    await page
      .getByRole('listbox', { name: 'Search results' })
      .getByRole('option', { name: 'sample.pdf' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Text extracted: 3 pages' })).toBeVisible();
    const viewer = page.getByRole('region', { name: 'PDF sample.pdf' });
    await expect(viewer.getByText('Page 1 of 3')).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'Page 1 of sample.pdf' })).toHaveAttribute(
      'data-rendered-page',
      '1',
    );
    await expect(viewer.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await viewer.getByRole('button', { name: 'Next page' }).click();
    await expect(viewer.getByText('Page 2 of 3')).toBeVisible();
    const canvas = viewer.getByRole('img', { name: 'Page 2 of sample.pdf' });
    await expect(canvas).toHaveAttribute('data-rendered-page', '2');
    // Fit to width: the page is as wide as the viewer (within a pixel), never wider than the window.
    const [canvasWidth, frameWidth, windowWidth] = await canvas.evaluate((el) => [
      el.getBoundingClientRect().width,
      (el.parentElement as HTMLElement).clientWidth,
      window.innerWidth,
    ]);
    expect(Math.abs(canvasWidth - frameWidth)).toBeLessThanOrEqual(1);
    expect(canvasWidth).toBeLessThanOrEqual(windowWidth);
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'false');
    await viewer.getByRole('button', { name: 'Previous page' }).click();
    await expect(viewer.getByText('Page 1 of 3')).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a scanned PDF page without a text layer is rendered and read by OCR in the extraction worker', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await ready(page);
  await setFolders(page, true);
  await page.getByLabel('Import files').setInputFiles(join(FIXTURES, 'scanned.pdf'));
  await expect(page.getByRole('status').filter({ hasText: 'Imported 0 notes and 1 files.' })).toBeVisible();
  await setFolders(page, false);
  // "lantern" is printed only in the picture of page 1; "gazebo" is typed text on page 2.
  await expectFoundByText(page, 'lantern', 'scanned.pdf', 150_000);
  await expectFoundByText(page, 'gazebo', 'scanned.pdf', 10_000);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('combobox', { name: 'Search notes' }).fill('quarry');
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option', { name: 'scanned.pdf' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Text extracted: 2 pages (1 scanned page read by OCR)' }),
  ).toBeVisible();
});

test('a corrupt PDF and an unreadable image show a failed status and the rest of the vault is unchanged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await ready(page);
  await page.getByRole('button', { name: 'New note' }).click();
  const titleBox = page.getByRole('textbox', { name: 'Title' });
  await titleBox.fill('Kept note');
  await titleBox.press('Enter');
  await backToList(page);
  await expect(page.getByText('1 note', { exact: true })).toBeVisible();

  await setFolders(page, true);
  await page
    .getByLabel('Import files')
    .setInputFiles([join(FIXTURES, 'corrupt.pdf'), join(FIXTURES, 'unreadable.png')]);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 0 notes and 2 files.' })).toBeVisible();
  await page.getByRole('button', { name: 'All notes' }).click();
  await setFolders(page, false);

  await page.getByRole('button', { name: 'corrupt.pdf' }).click();
  await expect(page.getByText('Text extraction failed: This PDF is damaged or is not a PDF.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'This PDF is damaged or is not a PDF.' }),
  ).toBeVisible();
  await backToList(page);
  await page.getByRole('button', { name: 'unreadable.png' }).click();
  await expect(
    page.getByText('Text extraction failed: This image is damaged or in a format this browser cannot open.'),
  ).toBeVisible({ timeout: 30_000 });
  await backToList(page);

  // Nothing else changed: the note is still there, the files are listed, and after a reload
  // (nothing left extracting) the statuses stay failed.
  await expect(page.getByText('3 notes', { exact: true })).toBeVisible();
  await page.reload();
  await appReady(page);
  await page.getByRole('button', { name: 'Kept note' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Kept note');
  await backToList(page);
  await page.getByRole('button', { name: 'corrupt.pdf' }).click();
  await expect(page.getByText('Text extraction failed: This PDF is damaged or is not a PDF.')).toBeVisible();
});
