import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote, showSource } from './editor';

// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface FakeFile {
  name: string;
  type: string;
  /** base64 bytes, or text */
  base64?: string;
  text?: string;
}

/** Dispatches a synthetic drop (DataTransfer with files) on the element matching `selector`. */
async function dropFiles(page: Page, selector: string, files: FakeFile[]) {
  await page
    .locator(selector)
    .first()
    .evaluate((el, list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = f.base64 ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) : (f.text ?? '');
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      const r = el.getBoundingClientRect();
      const at = {
        clientX: r.left + 10,
        clientY: r.top + 10,
        bubbles: true,
        cancelable: true,
        dataTransfer: dt,
      };
      el.dispatchEvent(new DragEvent('dragover', at));
      el.dispatchEvent(new DragEvent('drop', at));
    }, files);
}

/** Dispatches a synthetic paste of one image file into the editor. */
async function pasteImage(page: Page) {
  await page.locator('.cm-content').evaluate((el, base64) => {
    const dt = new DataTransfer();
    dt.items.add(
      new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }),
    );
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, PNG);
}

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

const body = (page: Page) => page.getByRole('textbox', { name: 'Note body' });

test('paste an image into the editor: it becomes an attachment embedded at the cursor, kept over a reload', async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'Trip', 'Beach day ');
  await pasteImage(page);
  await expect(body(page)).toContainText(/Beach day !\[\[Pasted image \d{14}\.png\]\]/);
  const attachments = page.getByRole('region', { name: 'Attachments' });
  await expect(attachments.getByRole('button', { name: /^Pasted image \d{14}\.png$/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(body(page)).toContainText(/!\[\[Pasted image \d{14}\.png\]\]/);
  await expect(attachments.getByRole('button', { name: /^Pasted image/ })).toBeVisible();
  // The embed resolves to the attachment: it is an outgoing link of the note.
  await expect(
    page
      .getByRole('region', { name: 'Outgoing links' })
      .getByText(/Pasted image/)
      .first(),
  ).toBeVisible();
});

test('drop a PDF and a markdown file on the editor: the PDF is attached, the note is created and linked', async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'Reading', 'List: ');
  await dropFiles(page, '.cm-content', [
    { name: 'paper.pdf', type: 'application/pdf', text: '%PDF-1.4\n%%EOF\n' },
    { name: 'Summary.md', type: 'text/markdown', text: '# Summary\nshort' },
  ]);
  await showSource(page);
  await expect(body(page)).toContainText('![[paper.pdf]]');
  await expect(body(page)).toContainText('[[Summary]]');
  await expect(
    page.getByRole('region', { name: 'Attachments' }).getByRole('button', { name: 'paper.pdf', exact: true }),
  ).toBeVisible();
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: 'Summary' }),
  ).toBeVisible();
});

test('drop files on the note list: they are imported into the folder shown', async ({ page }) => {
  await openApp(page);
  await expect(page.getByText('0 notes', { exact: true })).toBeVisible();
  await dropFiles(page, '.drop-zone', [
    { name: 'photo.png', type: 'image/png', base64: PNG },
    { name: 'Idea.md', type: 'text/markdown', text: 'an idea' },
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 note and 1 file.' })).toBeVisible();
  await expect(page.getByText('2 notes', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'photo.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Idea' })).toBeVisible();
});

test('a file of none of the five kinds is refused with a clear message and nothing changes', async ({
  page,
}) => {
  await openApp(page);
  await dropFiles(page, '.drop-zone', [
    { name: 'ok.png', type: 'image/png', base64: PNG },
    { name: 'setup.exe', type: 'application/x-msdownload', text: 'MZ' },
  ]);
  await expect(page.getByRole('alert')).toContainText(
    '“setup.exe” is not a note, PDF, image, audio or video file',
  );
  await expect(page.getByText('0 notes', { exact: true })).toBeVisible();

  await newNote(page, 'Kept', 'unchanged');
  await dropFiles(page, '.cm-content', [{ name: 'data.bin', type: 'application/octet-stream', text: 'x' }]);
  await expect(page.getByRole('alert').filter({ hasText: '“data.bin” is not a note' })).toBeVisible();
  await expect(body(page)).toHaveText('unchanged');
  await expect(page.getByRole('region', { name: 'Attachments' })).toHaveCount(0);
});
