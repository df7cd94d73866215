import { expect, type Page } from '@playwright/test';
import { appReady } from './appReady';
import { canvasTool } from './canvasTools';
import { newNote } from './editor';
import { nav, noteBody } from './syncDevices';

// What the three-device specs do on a device besides syncing: typing by turns, placing the caret,
// going offline, making a note from anywhere, drawing on a canvas.

/** Types `text` one key at a time into the focused editor of each device, the devices taking turns. */
export async function interleave(runs: [Page, string][]) {
  const longest = Math.max(...runs.map(([, text]) => text.length));
  for (let i = 0; i < longest; i++)
    for (const [page, text] of runs) if (i < text.length) await page.keyboard.type(text[i]!);
}

/** Puts the caret of the open note's editor after `offset` characters of its text, or at its end. */
export async function caretAt(page: Page, offset: number | 'end') {
  await noteBody(page).click();
  if (offset === 'end') return page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < offset; i++) await page.keyboard.press('ArrowRight');
}

export const offline = (p: Page, value: boolean) => p.context().setOffline(value);

/** A new note from wherever the device is (the New note button is in the notes section). */
export async function addNote(page: Page, title: string, body?: string) {
  await nav(page, '#/');
  await newNote(page, title, body);
}

/** Loads the app at `hash` (a full page load, unlike `nav`). */
export async function go(page: Page, hash: string) {
  await page.goto(`/${hash}`);
  await appReady(page);
}

/** Drags on the canvas surface, as in planning-canvas.spec.ts. */
export async function drawRectangle(page: Page) {
  await canvasTool(page, 'Rectangle');
  const box = (await page.getByRole('application', { name: 'Canvas' }).boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + 80, { steps: 4 });
  await page.mouse.move(box.x + 150, box.y + 120, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Rectangle 1', exact: true })).toBeVisible();
}
