import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { replaceBody } from './editor';
import { importFiles } from './mcpPage';

async function ready(page: Page) {
  await appReady(page);
}

test('cards for a note and a task: picked by title, shown with the title, survive a reload, open on Enter and double-click', async ({
  page,
}, info) => {
  // A note and a task to put on the canvas.
  await page.goto('/');
  await ready(page);
  await page.getByRole('button', { name: 'New note' }).click();
  const titleBox = page.getByRole('textbox', { name: 'Title' });
  await titleBox.fill('Garden plan');
  await titleBox.press('Enter');
  await replaceBody(page, 'Beds and seeds');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.goto('/#/tasks/project/inbox');
  await page.getByRole('textbox', { name: 'New task in this project' }).fill('Order garden soil');
  await page.getByRole('textbox', { name: 'New task in this project' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Order garden soil' }).first()).toBeVisible();

  await page.goto('/#/canvas');
  await page.getByRole('textbox', { name: 'New canvas name (Folder/Title)' }).fill('Garden board');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Garden board' })).toBeVisible();

  // The toolbar is one row on a phone (it took five), and selecting never moves the canvas: the
  // inspector floats over it (issue 19 part 6).
  const toolbar = page.getByRole('toolbar', { name: 'Canvas tools' });
  const oneButton = (await toolbar.getByRole('button', { name: 'Select' }).boundingBox())!.height;
  if (info.project.name === 'phone')
    expect((await toolbar.boundingBox())!.height).toBeLessThan(oneButton * 1.5);
  const surface = page.getByRole('application', { name: 'Canvas' });
  const surfaceTop = (await surface.boundingBox())!.y;
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByRole('searchbox', { name: 'Find a note, task or project' }).fill('garden');
  await page.getByRole('button', { name: 'Add card for note Garden plan' }).click();
  await expect(page.getByRole('button', { name: 'Card for note Garden plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByRole('searchbox', { name: 'Find a note, task or project' }).fill('soil');
  await page.getByRole('button', { name: 'Add card for task Order garden soil' }).click();
  const taskCard = page.getByRole('button', { name: 'Card for task Order garden soil' });
  await expect(taskCard).toBeVisible();
  // the task card, selected with its inspector open, left the surface in place; and it went
  // beside the note card, in view, not on top of it
  await expect(page.getByRole('textbox', { name: /^Text of Card/ })).toBeVisible();
  expect((await surface.boundingBox())!.y).toBe(surfaceTop);
  const [a, b, view] = [
    (await page.getByRole('button', { name: 'Card for note Garden plan' }).boundingBox())!,
    (await taskCard.boundingBox())!,
    (await surface.boundingBox())!,
  ];
  const apart =
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  expect(apart, 'the second card is not on the first').toBe(true);
  for (const c of [a, b]) {
    expect(c.x).toBeGreaterThanOrEqual(view.x);
    expect(c.y + c.height).toBeLessThanOrEqual(view.y + view.height);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.reload();
  await ready(page);
  const noteCard = page.getByRole('button', { name: 'Card for note Garden plan' });
  await expect(noteCard).toBeVisible();
  await expect(noteCard.locator('text.scene-card-title')).toHaveText('Garden plan');
  await expect(page.getByRole('button', { name: 'Card for task Order garden soil' })).toBeVisible();

  // Enter on the focused card opens the note.
  await noteCard.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Garden plan');

  // Double-click opens the task.
  await page.goBack();
  await ready(page);
  await page.getByRole('button', { name: 'Card for task Order garden soil' }).dblclick();
  await expect(page).toHaveURL(/#\/tasks\/task\//);
});

test('assets and library panels: a file placed, shown and opened; a named frame copied in one undoable step', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  await page.goto('/');
  await ready(page);
  await importFiles(page, [
    { name: 'memo.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3 twenty bytes....') },
  ]);
  await page.goto('/#/canvas');
  await page.getByRole('textbox', { name: 'New canvas name (Folder/Title)' }).fill('Sketches');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Sketches' })).toBeVisible();

  // Assets: add the file from the picker; it is listed with its type, size and cards.
  await page.getByRole('button', { name: 'Assets', exact: true }).click();
  const assets = page.getByRole('region', { name: 'Assets' });
  await expect(assets.getByText('No file on this canvas yet.')).toBeVisible();
  await assets.getByRole('button', { name: 'Add file' }).click();
  await assets.getByRole('button', { name: /^Add card for file memo\.mp3/ }).click();
  const card = page.getByRole('button', { name: 'Card for note memo.mp3' });
  await expect(card).toBeVisible();
  await expect(assets.getByRole('listitem').filter({ hasText: 'memo.mp3' })).toContainText(
    'Audio · 20 B · 1 card',
  );
  // A new card is selected; deselect it (a click on the background), then Show selects it again.
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  const surface = (await page.getByRole('application', { name: 'Canvas' }).boundingBox())!;
  await page.mouse.click(surface.x + 5, surface.y + 5);
  await expect(card).toHaveAttribute('aria-pressed', 'false');
  await assets.getByRole('button', { name: 'Show memo.mp3 on the canvas' }).click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  // On a phone the panel is a sheet over the canvas: showing a card closes it.
  await expect(assets).toHaveCount(phone ? 0 : 1);
  if (phone) await page.getByRole('button', { name: 'Assets', exact: true }).click();
  await assets.getByRole('button', { name: 'Close assets' }).click();
  await expect(assets).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Assets', exact: true })).toBeFocused();

  // Library: a frame (named "Frame" by default) with a rectangle in it, copied beside it.
  await page.getByRole('button', { name: 'Frame', exact: true }).click();
  await dragOnCanvas(page, [10, 10], [12, 12]);
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await dragOnCanvas(page, [40, 60], [140, 130]);
  await expect(page.locator('[data-type="rectangle"]')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const library = page.getByRole('region', { name: 'Library' });
  const here = library.getByRole('list', { name: 'Frames on this canvas' });
  await expect(here.getByRole('listitem')).toHaveText([/Frame\s*1 member/]);
  await here.getByRole('button', { name: 'Insert a copy of Frame' }).click();
  await expect(page.locator('[data-type="frame"]')).toHaveCount(2);
  await expect(page.locator('[data-type="rectangle"]')).toHaveCount(2);
  // Saved, the copy is a second named frame holding its own copy of the rectangle.
  if (phone) await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(here.getByRole('listitem')).toHaveText([/1 member/, /1 member/]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-type="frame"]')).toHaveCount(1);
  await expect(page.locator('[data-type="rectangle"]')).toHaveCount(1);

  // Open: the file opens in the app.
  await page.getByRole('button', { name: 'Assets', exact: true }).click();
  await assets.getByRole('link', { name: 'Open memo.mp3' }).click();
  await expect(page).toHaveURL(/#\/note\//);
});

/** Drags on the canvas surface between two points given relative to its top-left corner. */
async function dragOnCanvas(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByRole('application', { name: 'Canvas' }).boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
  await page.mouse.up();
}
