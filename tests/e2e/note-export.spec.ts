import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

// Desktop only: the note menu is the same on a phone.
test('export a note as PDF and HTML from its More menu', { tag: '@desktop-only' }, async ({ page }) => {
  await openApp(page);
  await newNote(page, 'Field notes', '# Birds\n\nA **heron** by the river.\n\n- [x] binoculars');
  await page.getByRole('button', { name: 'Note actions' }).click();

  const pdf = await download(page, 'Export as PDF');
  expect(pdf.name).toBe('Field notes.pdf');
  expect(pdf.bytes.byteLength).toBeGreaterThan(0);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const html = await download(page, 'Export as HTML');
  expect(html.name).toBe('Field notes.html');
  expect(html.bytes.toString('utf8')).toContain('<strong>heron</strong>');
});
