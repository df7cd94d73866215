import { expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { appReady } from './appReady';

// A fake microphone (a generated tone) and no permission prompt, so MediaRecorder records for real.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['microphone'],
});

// 1x1 PNG and a minimal PDF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function openInbox(page: Page) {
  await page.goto('/#/inbox');
  await appReady(page);
}

test('an image and a PDF from files, an image pasted, a clip: kept over a reload', async ({ page }) => {
  await openInbox(page);
  const list = page.getByRole('list', { name: 'Inbox' });
  const file = page.getByLabel('Image, PDF or recording file');
  await file.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(list.getByRole('img', { name: 'dot.png' })).toBeVisible();
  await file.setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(list.getByRole('link', { name: 'Open PDF paper.pdf' })).toBeVisible();

  // A file of another kind is refused with a message; nothing is added.
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByRole('alert')).toContainText('notes.txt is not an image, a PDF or a recording');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // Paste an image into the capture box.
  await page.getByRole('textbox', { name: 'Capture' }).evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG.toString('base64'));
  await expect(list.getByRole('img', { name: 'pasted.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Clip' }).click();
  await page.getByRole('textbox', { name: 'Clipped text' }).fill('A line worth keeping');
  await page.getByRole('textbox', { name: 'Page address' }).fill('https://example.com/essay');
  await page.getByRole('button', { name: 'Save clip' }).click();
  await expect(list.getByText('A line worth keeping')).toBeVisible();

  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('img', { name: 'dot.png' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Open PDF paper.pdf' })).toBeVisible();
});

test('a voice recording is kept and playable, and says it is not transcribed', async ({ page }) => {
  await openInbox(page);
  await page.getByRole('button', { name: 'Record voice' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Recording… [1-9]/ })).toBeVisible();
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const list = page.getByRole('list', { name: 'Inbox' });
  const player = list.getByRole('listitem').locator('audio');
  await expect(player).toHaveCount(1);
  await expect(list.getByText('no transcription model ships with Cairn')).toBeVisible();
  // The stored bytes play: the element loads their duration.
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
});

test('a link’s preview is read from the page when the page allows it', async ({ page, baseURL }) => {
  await openInbox(page);
  // The app's own page is same-origin, so the browser may read it: its <title> becomes the item's.
  await page.getByRole('textbox', { name: 'Capture' }).fill(`${baseURL}/`);
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  const list = page.getByRole('list', { name: 'Inbox' });
  await expect(list.getByRole('listitem').getByText('Cairn', { exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: `${baseURL}/` })).toBeVisible();
});

test('a link captured offline keeps its plain address and says why; back online its preview is read', async ({
  page,
  context,
  baseURL,
}) => {
  await openInbox(page);
  await context.setOffline(true);
  const url = `${baseURL}/?offline-capture`;
  await page.getByRole('textbox', { name: 'Capture' }).fill(url);
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  const list = page.getByRole('list', { name: 'Inbox' });
  const item = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: url }) });
  await expect(item.getByText('No preview yet: you are offline.', { exact: false })).toBeVisible();
  // The plain fallback: the title is the address's own (host and path), not the page's.
  await expect(item.locator('strong')).toHaveText(new URL(url).host);

  await context.setOffline(false);
  await expect(item.locator('strong')).toHaveText('Cairn');
  await expect(item.getByText('No preview yet', { exact: false })).toHaveCount(0);
});
